import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { SessionSigner } from './session-signer.js';

const SECRET = 'a-session-secret-of-enough-length-for-tests';
/** How cookies were signed before @fastify/session: the id's HMAC-SHA256 in base64url. */
const signedBefore = (id: string, secret = SECRET) => `${id}.${createHmac('sha256', secret).update(id).digest('base64url')}`;
/** Ids whose old signature holds a `-` or `_`, the ones the library alone refuses. */
const idsWithUrlSafeSignature = Array.from({ length: 40 }, (_, i) => `session-${i}`).filter((id) => /[-_]/.test(signedBefore(id).split('.')[1] ?? ''));

describe('SessionSigner', () => {
  const signer = new SessionSigner(SECRET);

  it('verifies what it signs, as @fastify/cookie does', () => {
    expect(signer.unsign(signer.sign('abc'))).toMatchObject({ valid: true, value: 'abc' });
  });

  it('keeps sessions whose cookie was signed in base64url before the switch', () => {
    expect(idsWithUrlSafeSignature.length).toBeGreaterThan(0);
    for (const id of idsWithUrlSafeSignature) expect(signer.unsign(signedBefore(id))).toMatchObject({ valid: true, value: id });
  });

  it('refuses an old-format cookie signed with another secret or tampered with', () => {
    const [id] = idsWithUrlSafeSignature;
    expect(signer.unsign(signedBefore(id ?? 'x', 'another-secret-of-enough-length-too')).valid).toBe(false);
    expect(signer.unsign(`${id ?? 'x'}x.${signedBefore(id ?? 'x').split('.')[1] ?? ''}`).valid).toBe(false);
  });
});
