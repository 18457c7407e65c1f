import { describe, expect, it } from '@jest/globals';
import { characterCount } from './character-count';

describe('characterCount', () => {
  it('counts characters with thousands separators', () => {
    expect(characterCount('')).toBe('0 characters');
    expect(characterCount('a')).toBe('1 character');
    expect(characterCount('x'.repeat(12_345))).toBe('12,345 characters');
  });

  it("groups every length up to a document's 2,000,000 characters as Intl's en-US does", () => {
    const en = new Intl.NumberFormat('en-US');
    for (const n of [2, 99, 999, 1_000, 9_999, 10_000, 100_000, 999_999, 1_000_000, 1_234_567, 2_000_000]) {
      expect(characterCount('x'.repeat(n))).toBe(`${en.format(n)} characters`);
    }
  });
});
