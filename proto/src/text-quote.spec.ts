import { describe, expect, it } from '@jest/globals';
import { locateQuote } from './text-quote.js';

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
});
