import type { IncomingHttpHeaders } from 'node:http';
import { createHash } from 'node:crypto';

/** docs/decisions/0015-programmatic-access.md: `Authorization: Bearer <token>` (the scheme's case does not matter). */
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer …` header; undefined when there is no such header. */
export function bearerTokenOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.authorization;
  if (typeof header !== 'string') return undefined;
  return BEARER.exec(header)?.[1] ?? '';
}

/**
 * A call that authenticates with a bearer token and carries no cookie: the only kind exempt from the
 * Origin check. A browser cannot be made to add an Authorization header to a cross-site request, and
 * with no cookie there is no session a forged request could ride on; a bearer call that also sends a
 * cookie is checked like any browser call.
 */
export function isBearerWithoutCookie(headers: IncomingHttpHeaders): boolean {
  return bearerTokenOf(headers) !== undefined && headers.cookie === undefined;
}

/**
 * What identity stores of a token, and the key of every cache of it: SHA-256 of the secret. A slow
 * password hash buys nothing for 256 random bits (docs/decisions/0023-token-hashing.md), and a fast
 * one lets each call be checked by one indexed lookup.
 */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
