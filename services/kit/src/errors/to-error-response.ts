import { HttpException } from '@nestjs/common';
import { ErrorCode, InternalCallError, type ErrorBody } from '@prd/proto';
import { ZodError } from 'zod';
import { AppError } from './app-error.js';
import { zodFields } from '../validation/zod-fields.js';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** True when the error is ours to investigate (logged at error level). */
  unexpected: boolean;
}

/** Connection-level failures of PostgreSQL or Redis: the request may succeed on retry. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

type CodedError = Error & { code?: unknown; statusCode?: unknown };

/** The error and the errors it wraps: drizzle hides the driver's error (with its code) in `cause`. */
function chain(error: Error): CodedError[] {
  const found: CodedError[] = [];
  for (let e: unknown = error; e instanceof Error && found.length < 8; e = e.cause) found.push(e);
  return found;
}

function isTransient(err: CodedError): boolean {
  if (typeof err.code === 'string' && TRANSIENT_CODES.has(err.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Stream isn't writeable|Connection is closed|max retries per request|Client has encountered a connection error/i.test(
    err.message,
  );
}

/**
 * PostgreSQL refusing a value the request carried (class 22 "data exception", such as a NUL byte or
 * an out-of-range number; 54000 such as an over-long index key): the request's fault, not ours.
 */
function isDataException(err: CodedError): boolean {
  return typeof err.code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(err.code) && 'severity' in err;
}

const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type: send application/json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: 'Unsupported content type: send application/json' },
};

const STATUS_CODES: Record<number, string> = {
  400: ErrorCode.VALIDATION_FAILED,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  429: ErrorCode.RATE_LIMITED,
};

/** Maps anything thrown while serving a request to a status and a SPEC §8 error body. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) return { status: error.status, body: error.body, unexpected: false };
  // Another service's 4xx (404, 429 LIMIT_EXCEEDED...) reaches the client as it was; its outage is our 503.
  if (error instanceof InternalCallError) {
    if (error.status >= 400 && error.status < 500) return { status: error.status, body: error.body, unexpected: false };
    return {
      status: 503,
      body: { code: ErrorCode.UNAVAILABLE, message: 'Service temporarily unavailable, please retry shortly' },
      unexpected: true,
    };
  }
  if (error instanceof ZodError) {
    const fields = zodFields(error);
    const message = Object.values(fields)[0] ?? 'Invalid request';
    return { status: 400, body: { code: ErrorCode.VALIDATION_FAILED, message, fields }, unexpected: false };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const res = error.getResponse();
    const message =
      typeof res === 'string'
        ? res
        : typeof (res as { message?: unknown }).message === 'string'
          ? (res as { message: string }).message
          : error.message;
    return { status, body: { code: STATUS_CODES[status], message }, unexpected: status >= 500 };
  }
  if (error instanceof Error) {
    const err = error as CodedError;
    const known = typeof err.code === 'string' ? FASTIFY_CODES[err.code] : undefined;
    if (known) return { status: known.status, body: { code: STATUS_CODES[known.status], message: known.message }, unexpected: false };
    if (error instanceof SyntaxError && /JSON/.test(error.message)) {
      return { status: 400, body: { code: ErrorCode.VALIDATION_FAILED, message: 'Request body is not valid JSON' }, unexpected: false };
    }
    const causes = chain(err);
    if (causes.some(isDataException)) {
      return { status: 400, body: { code: ErrorCode.VALIDATION_FAILED, message: 'The request holds a value that cannot be stored' }, unexpected: false };
    }
    if (causes.some(isTransient)) {
      return {
        status: 503,
        body: { code: ErrorCode.UNAVAILABLE, message: 'Service temporarily unavailable, please retry shortly' },
        unexpected: true,
      };
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return { status: err.statusCode, body: { code: STATUS_CODES[err.statusCode], message: err.message }, unexpected: false };
    }
  }
  return { status: 500, body: { code: ErrorCode.INTERNAL, message: 'Internal server error' }, unexpected: true };
}
