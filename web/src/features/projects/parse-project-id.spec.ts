import { describe, expect, it } from '@jest/globals';
import { parseProjectId } from './parse-project-id';

describe('parseProjectId', () => {
  it('reads a positive integer', () => {
    expect(parseProjectId('42')).toBe(42);
  });

  it.each([undefined, '', '0', '-1', '1.5', '12abc', 'abc', '99999999999999999999'])('refuses %p', (raw) => {
    expect(parseProjectId(raw)).toBeNull();
  });
});
