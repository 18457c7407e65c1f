import { z } from 'zod';

/**
 * A W3C Web Annotation "text quote" selector: the quoted text with a little of what comes before and
 * after it, so the quote can be found again after the document around it changed (docs/decisions/0012-sharing-and-roles.md).
 */
export const textQuoteSchema = z.object({
  exact: z.string({ error: 'anchor.exact must be text' }).min(1, 'anchor.exact must not be empty').max(2_000, 'anchor.exact is too long'),
  prefix: z.string().max(200, 'anchor.prefix is too long').default(''),
  suffix: z.string().max(200, 'anchor.suffix is too long').default(''),
});
export type TextQuote = z.infer<typeof textQuoteSchema>;

const commonSuffix = (a: string, b: string): number => {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
};
const commonPrefix = (a: string, b: string): number => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

/**
 * Where the quote is in `text` now: of every place the exact text occurs, the one whose surroundings
 * best match the prefix and suffix; null when the quoted text is gone (the comment is orphaned).
 */
export function locateQuote(text: string, quote: TextQuote): { start: number; end: number } | null {
  let best: { start: number; score: number } | null = null;
  for (let i = text.indexOf(quote.exact); i !== -1; i = text.indexOf(quote.exact, i + 1)) {
    const score = commonSuffix(text.slice(Math.max(0, i - quote.prefix.length), i), quote.prefix) + commonPrefix(text.slice(i + quote.exact.length), quote.suffix);
    if (!best || score > best.score) best = { start: i, score };
  }
  return best ? { start: best.start, end: best.start + quote.exact.length } : null;
}
