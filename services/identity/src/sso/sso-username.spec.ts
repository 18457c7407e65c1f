import { describe, expect, it } from '@jest/globals';
import { baseUsername, usernameCandidates } from './sso-username.js';

describe('the username of a user created by sign-on', () => {
  it('takes preferred_username, else the email before the @, as sign-up would accept it', () => {
    expect(baseUsername('Alice.Smith', 'x@example.com')).toBe('alice.smith');
    expect(baseUsername(null, 'bob+work@example.com')).toBe('bob-work');
    expect(baseUsername('José Ñúñez', null)).toBe('jose-nunez');
    expect(baseUsername('someone@corp.example', null)).toBe('someone-corp.example');
  });

  it('never looks like a guest, is never too short or too long', () => {
    expect(baseUsername('guest-123', null)).toBe('user-123');
    expect(baseUsername('ab', null)).toBe('user-ab');
    expect(baseUsername('日本', null)).toBe('user');
    expect(baseUsername(null, null)).toBe('user');
    expect(baseUsername('a'.repeat(80), null)).toHaveLength(40);
  });

  it('tries the base, then numbered variants', () => {
    expect([...usernameCandidates('alice', 3)]).toEqual(['alice', 'alice-2', 'alice-3']);
  });
});
