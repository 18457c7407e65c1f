import { z } from 'zod';

/** The longest quote a comment anchors to, and the most context stored on either side of it. */
export const QUOTE_MAX = 2_000;
export const QUOTE_CONTEXT_MAX = 200;

/**
 * A W3C Web Annotation "text quote" selector: the quoted text with a little of what comes before and
 * after it, so the quote can be found again after the document around it changed (docs/decisions/0012-sharing-and-roles.md).
 */
export const textQuoteSchema = z.object({
  exact: z.string({ error: 'anchor.exact must be text' }).min(1, 'anchor.exact must not be empty').max(QUOTE_MAX, `anchor.exact must be at most ${QUOTE_MAX} characters`),
  prefix: z.string({ error: 'anchor.prefix must be text' }).max(QUOTE_CONTEXT_MAX, `anchor.prefix must be at most ${QUOTE_CONTEXT_MAX} characters`).default(''),
  suffix: z.string({ error: 'anchor.suffix must be text' }).max(QUOTE_CONTEXT_MAX, `anchor.suffix must be at most ${QUOTE_CONTEXT_MAX} characters`).default(''),
});
export type TextQuote = z.infer<typeof textQuoteSchema>;

/**
 * For every position i of `text` (read backwards when `reversed`), how many code units from i on equal the start of
 * `pattern` (read the same way): the Z-algorithm's extension to a second string, O(|pattern| + |text|) whatever
 * the strings. String#indexOf is not: V8's search degrades on periodic text (docs/decisions/0031-hostile-collaboration.md).
 */
function matchLengths(pattern: string, text: string, reversed = false): Int32Array {
  const m = pattern.length;
  const n = text.length;
  // Read backwards, unit i is unit (length - 1 - i): `from` and `step` say where unit 0 is and which way the next one lies.
  const [pFrom, tFrom, step] = reversed ? [m - 1, n - 1, -1] : [0, 0, 1];
  // The pattern against itself first; then each match box in the text reuses what the pattern knows of itself.
  const own = new Int32Array(m);
  own[0] = m;
  for (let i = 1, left = 0, right = 0; i < m; i++) {
    let k = i < right ? Math.min(right - i, own[i - left]!) : 0;
    while (i + k < m && pattern.charCodeAt(pFrom + step * k) === pattern.charCodeAt(pFrom + step * (i + k))) k++;
    own[i] = k;
    if (i + k > right) {
      left = i;
      right = i + k;
    }
  }
  const lengths = new Int32Array(n);
  for (let i = 0, left = 0, right = 0; i < n; i++) {
    let k = i < right ? Math.min(right - i, own[i - left]!) : 0;
    while (k < m && i + k < n && text.charCodeAt(tFrom + step * (i + k)) === pattern.charCodeAt(pFrom + step * k)) k++;
    lengths[i] = k;
    if (i + k > right) {
      left = i;
      right = i + k;
    }
  }
  return lengths;
}

/**
 * Where the quote is in `text` now: of every place the exact text occurs, the first one whose surroundings
 * best match the prefix and suffix; null when the quoted text is gone (the comment is orphaned). Linear in
 * the text's length: each occurrence's context is read from two match tables, not compared again.
 */
export function locateQuote(text: string, quote: TextQuote): { start: number; end: number } | null {
  const exact = matchLengths(quote.exact, text);
  const length = quote.exact.length;
  const first = exact.indexOf(length);
  if (first === -1) return null;
  // before[k]: how much of the prefix ends where the text's k-th unit from the end ends; after[i]: how much of the suffix starts at i.
  const before = quote.prefix ? matchLengths(quote.prefix, text, true) : null;
  const after = quote.suffix ? matchLengths(quote.suffix, text) : null;
  const score = (i: number) => (before?.[text.length - i] ?? 0) + (after?.[i + length] ?? 0);
  let best = { start: first, score: score(first) };
  for (let i = exact.indexOf(length, first + 1); i !== -1; i = exact.indexOf(length, i + 1)) {
    const s = score(i);
    if (s > best.score) best = { start: i, score: s };
  }
  return { start: best.start, end: best.start + length };
}

/**
 * `locateQuote` for a passage that may be an insertion point (an empty `exact`: docs/decisions/0041-suggestions.md): there, the
 * place where the prefix ends and the suffix begins, found as their joined text; null when that is gone.
 */
export function locatePassage(text: string, quote: TextQuote): { start: number; end: number } | null {
  if (quote.exact !== '') return locateQuote(text, quote);
  const joined = locateQuote(text, { exact: quote.prefix + quote.suffix, prefix: '', suffix: '' });
  return joined && { start: joined.start + quote.prefix.length, end: joined.start + quote.prefix.length };
}
