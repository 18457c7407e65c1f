import type { IncomingHttpHeaders } from 'node:http';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, MULTIPART_ROUTES } from '@prd/proto';
import { isBearerWithoutCookie } from '../bearer/bearer.js';
import { AppError } from '../errors/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Marks a route (beside `@WithUser({ bearerOnly })`) that only a bearer token opens and that never reads
 * a session: no cross-site request can ride on anything there, so it skips the Origin check, and a call
 * without a token gets its 401 instead of a 403.
 */
export const BearerOnlyRoute = () => RouteConfig({ bearerOnly: true });

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The origin (`scheme://host[:port]`) of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/**
 * docs/decisions/0009-security.md, the one same-origin rule of every HTTP request and WebSocket upgrade: the browser's `Origin`
 * (or, when a browser left it out, its `Referer`) must name this host, as the gateway forwarded it,
 * or one of `ALLOWED_ORIGINS`. A request naming neither is refused: browsers always send one on the
 * requests this guards.
 */
export function isSameOrigin(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): boolean {
  const claimed = first(headers.origin) ?? first(headers.referer);
  const origin = claimed === undefined ? null : originOf(claimed);
  if (origin === null) return false;
  if (allowedOrigins.includes(origin)) return true;
  const host = first(headers['x-forwarded-host']) ?? headers.host;
  return host !== undefined && new URL(origin).host === host.toLowerCase();
}

/**
 * docs/decisions/0009-security.md: a state-changing request must come from our own origin and carry JSON (or no body), which
 * together stop cross-site form posts and simple CORS requests (the upload routes of `MULTIPART_ROUTES` may carry
 * `multipart/form-data`: their Origin check alone stops those). It goes by the method and the
 * routed path (never the raw URL, which `/%61pi/...` would disguise); only the service-to-service
 * routes (`/internal/...`, never exposed by the gateway, guarded by their tokens) are exempt.
 */
export function checkStateChangingRequest(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  if (SAFE_METHODS.has(request.method)) return;
  const routed = request.routeOptions.url;
  if (routed !== undefined && (routed === '/internal' || routed.startsWith('/internal/'))) return;
  const bearerOnly = (request.routeOptions.config as { bearerOnly?: boolean } | undefined)?.bearerOnly === true;
  // docs/decisions/0015-programmatic-access.md: bearer calls without a cookie, and only they, are exempt (the token is checked by the acting-user guard).
  if (!bearerOnly && !isBearerWithoutCookie(request.headers) && !isSameOrigin(request.headers, allowedOrigins)) {
    throw new AppError(403, { code: ErrorCode.FORBIDDEN, message: 'Cross-site request refused' });
  }
  const length = request.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
  const type = request.headers['content-type'] ?? '';
  const multipart = routed !== undefined && MULTIPART_ROUTES.includes(routed) && /^multipart\/form-data\b/i.test(type);
  if (hasBody && !multipart && !/^application\/json\b/i.test(type)) {
    throw new AppError(415, { code: ErrorCode.VALIDATION_FAILED, message: 'Unsupported content type: send application/json' });
  }
}
