import { describe, expect, it } from '@jest/globals';
import { locateQuote, textQuoteSchema, type TextQuote } from './text-quote.js';

/** The definition locateQuote must meet: every occurrence scored by comparing its surroundings, the first best one wins. */
function naive(text: string, quote: TextQuote): { start: number; end: number } | null {
  let best: { start: number; score: number } | null = null;
  for (let i = text.indexOf(quote.exact); i !== -1; i = text.indexOf(quote.exact, i + 1)) {
    let before = 0;
    while (before < quote.prefix.length && before < i && text[i - 1 - before] === quote.prefix[quote.prefix.length - 1 - before]) before++;
    let after = 0;
    const end = i + quote.exact.length;
    while (after < quote.suffix.length && end + after < text.length && text[end + after] === quote.suffix[after]) after++;
    if (!best || before + after > best.score) best = { start: i, score: before + after };
  }
  return best ? { start: best.start, end: best.start + quote.exact.length } : null;
}

describe('locateQuote', () => {
  it('finds the occurrence whose surroundings match, after the text around it moved', () => {
    const quote = { exact: 'the payment step', prefix: 'abandon carts at ', suffix: '. Fix' };
    const text = 'Intro added later.\nWe test the payment step daily.\nShoppers abandon carts at the payment step. Fix it.';
    const at = locateQuote(text, quote);
    expect(at).not.toBeNull();
    expect(text.slice(at!.start - 17, at!.end + 5)).toBe('abandon carts at the payment step. Fix');
  });

  it('still finds a quote whose surroundings were edited', () => {
    expect(locateQuote('Totally new words around the payment step here', { exact: 'the payment step', prefix: 'xyz ', suffix: ' abc' })).toEqual({ start: 25, end: 41 });
  });

  it('answers null when the quoted text is gone: the comment is orphaned', () => {
    expect(locateQuote('Nothing of it remains', { exact: 'the payment step', prefix: '', suffix: '' })).toBeNull();
  });

  it('picks the same place as comparing every occurrence’s surroundings, on many small random texts', () => {
    // A fixed linear congruential generator: the same cases on every run.
    let seed = 42;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    const word = (max: number) => Array.from({ length: next(max + 1) }, () => 'ab'[next(2)]).join('');
    for (let run = 0; run < 3_000; run++) {
      const text = word(40);
      const quote = { exact: word(4) || 'a', prefix: word(6), suffix: word(6) };
      expect([run, locateQuote(text, quote)]).toEqual([run, naive(text, quote)]);
    }
  });

  it('stays linear in the text on quotes that occur everywhere, overlapping (the 27-second comment list of issue 30)', () => {
    const text = 'a'.repeat(1_999_000);
    const longest = 'a'.repeat(200);
    const quotes: TextQuote[] = [
      { exact: 'a'.repeat(2_000), prefix: longest, suffix: longest },
      { exact: 'a'.repeat(2_000), prefix: `b${longest.slice(1)}`, suffix: `${longest.slice(1)}b` },
      { exact: `${'a'.repeat(1_000)}b${'a'.repeat(999)}`, prefix: '', suffix: '' },
    ];
    // CPU time, not wall time: other work on the machine does not count.
    const started = process.cpuUsage();
    expect(quotes.map((q) => locateQuote(text, q))).toEqual([{ start: 200, end: 2_200 }, { start: 199, end: 2_199 }, null]);
    // Comparing every occurrence's surroundings took over 20 s of CPU (13.5 s compiled); the match tables take about 2 s under jest (0.2 s compiled).
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(15_000);
  });

  it('refuses anchors longer than the bounds, with messages that name the field', () => {
    const refused = (anchor: unknown) => textQuoteSchema.safeParse(anchor).error?.issues.map((i) => i.message);
    expect(refused({ exact: 'x'.repeat(2_001) })).toEqual(['anchor.exact must be at most 2000 characters']);
    expect(refused({ exact: 'x', prefix: 'x'.repeat(201), suffix: 'x'.repeat(201) })).toEqual([
      'anchor.prefix must be at most 200 characters',
      'anchor.suffix must be at most 200 characters',
    ]);
    expect(refused({ exact: 'x', prefix: 7 })).toEqual(['anchor.prefix must be text']);
  });
});
