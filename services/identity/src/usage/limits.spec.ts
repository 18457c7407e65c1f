import { describe, expect, it } from '@jest/globals';
import { limitsFor, monthOf, tierOf } from './limits.js';

const config = { GUEST_DOCS_LIMIT: 3, GUEST_MESSAGES_LIMIT: 20, USER_DOCS_LIMIT: null, USER_MESSAGES_LIMIT: 200, OWN_KEY_MESSAGES_LIMIT: null };

describe('limits per tier (docs/decisions/0005-users-guests-and-limits.md)', () => {
  it('gives anonymous visitors and guests the guest limits', () => {
    expect(tierOf(null)).toBe('guest');
    expect(tierOf({ isGuest: true, openaiKeyEncrypted: null, openaiKeyVerifiedAt: null })).toBe('guest');
    expect(limitsFor('guest', config)).toEqual({ docs: 3, messages: 20 });
  });

  it('gives registered users unlimited documents and the server-key message limit', () => {
    expect(tierOf({ isGuest: false, openaiKeyEncrypted: null, openaiKeyVerifiedAt: null })).toBe('registered');
    expect(limitsFor('registered', config)).toEqual({ docs: null, messages: 200 });
  });

  it('lifts the message limit for registered users with their own key', () => {
    expect(tierOf({ isGuest: false, openaiKeyEncrypted: 'v1:x', openaiKeyVerifiedAt: new Date() })).toBe('own-key');
    expect(limitsFor('own-key', config)).toEqual({ docs: null, messages: null });
  });

  it('keeps a stored key that the provider has not accepted yet on the registered allowance', () => {
    expect(tierOf({ isGuest: false, openaiKeyEncrypted: 'v1:x', openaiKeyVerifiedAt: null })).toBe('registered');
  });

  it('counts calendar months in UTC', () => {
    expect(monthOf(new Date('2026-01-31T23:59:59Z'))).toBe('2026-01');
    expect(monthOf(new Date('2026-02-01T00:00:00Z'))).toBe('2026-02');
  });
});
