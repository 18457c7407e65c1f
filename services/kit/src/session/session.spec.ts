import { describe, expect, it } from '@jest/globals';
import { sessionTag } from './session.js';

describe('session tags', () => {
  it('name a session without revealing its id, the same on every replica', () => {
    expect(sessionTag('abc')).toBe(sessionTag('abc'));
    expect(sessionTag('abc')).not.toContain('abc');
    expect(sessionTag('abc')).not.toBe(sessionTag('abd'));
  });
});
