import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@prd/proto';
import { AppError } from '../errors/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * docs/decisions/0009-security.md: a state-changing request must come from our own origin and carry JSON (or no body),
 * which together stop cross-site form posts and simple CORS requests.
 */
export function checkStateChangingRequest(request: FastifyRequest, allowedOrigins: string[]): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (!request.url.startsWith('/api/')) return;
  const origin = request.headers.origin;
  if (origin !== undefined && !isSameOrigin(origin, request, allowedOrigins)) {
    throw new AppError(403, { code: ErrorCode.FORBIDDEN, message: 'Cross-site request refused' });
  }
  const length = request.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
  const type = request.headers['content-type'] ?? '';
  if (hasBody && !/^application\/json\b/i.test(type)) {
    throw new AppError(415, { code: ErrorCode.VALIDATION_FAILED, message: 'Unsupported content type: send application/json' });
  }
}

function isSameOrigin(origin: string, request: FastifyRequest, allowed: string[]): boolean {
  if (allowed.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = request.headers['x-forwarded-host'];
  const requestHost = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? request.headers.host;
  return host === requestHost;
}
