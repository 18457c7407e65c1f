import { describe, expect, it } from '@jest/globals';
import { characterCount } from './character-count';

describe('characterCount', () => {
  it('counts characters with thousands separators', () => {
    expect(characterCount('')).toBe('0 characters');
    expect(characterCount('a')).toBe('1 character');
    expect(characterCount('x'.repeat(12_345))).toBe('12,345 characters');
  });
});
