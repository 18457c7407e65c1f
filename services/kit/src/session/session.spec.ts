import { describe, expect, it } from '@jest/globals';
import { newSessionId, signSessionId, unsignSessionId } from './session.js';
import { cookieValue } from './session.service.js';

describe('session cookie signing', () => {
  const secret = 's'.repeat(40);

  it('round-trips a signed id', () => {
    const id = newSessionId();
    expect(unsignSessionId(signSessionId(id, secret), secret)).toBe(id);
  });

  it('rejects a tampered id or a value signed with another secret', () => {
    const signed = signSessionId(newSessionId(), secret);
    expect(unsignSessionId(`x${signed}`, secret)).toBeNull();
    expect(unsignSessionId(signed, 'o'.repeat(40))).toBeNull();
    expect(unsignSessionId('no-signature', secret)).toBeNull();
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(cookieValue('a=1; prd.sid=abc.def; b=2', 'prd.sid')).toBe('abc.def');
    expect(cookieValue('a=1', 'prd.sid')).toBeUndefined();
    expect(cookieValue(undefined, 'prd.sid')).toBeUndefined();
  });
});
