import { Signer } from '@fastify/cookie';

type UnsignResult = ReturnType<Signer['unsign']>;

/**
 * `@fastify/cookie`'s signer, which also accepts cookies signed before the switch to `@fastify/session`
 * (docs/decisions/0021-sessions-on-fastify-session.md): they carry the same HMAC-SHA256 in base64url
 * instead of base64, so read as base64 they verify, and their sessions (a guest's above all) survive.
 */
export class SessionSigner {
  private readonly signer: Signer;

  constructor(secret: string) {
    this.signer = new Signer(secret);
  }

  sign(value: string): string {
    return this.signer.sign(value);
  }

  unsign(signed: string): UnsignResult {
    const result = this.signer.unsign(signed);
    const dot = signed.lastIndexOf('.');
    if (result.valid || dot === -1) return result;
    const asBase64 = `${signed.slice(0, dot)}.${signed
      .slice(dot + 1)
      .replace(/-/g, '+')
      .replace(/_/g, '/')}`;
    return asBase64 === signed ? result : this.signer.unsign(asBase64);
  }
}
