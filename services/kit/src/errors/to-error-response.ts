import { HttpException } from '@nestjs/common';
import { ErrorCode, InternalCallError, SERVICE_UNAVAILABLE, type ErrorBody } from '@prd/proto';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import pg from 'pg';
import { ZodError } from 'zod';
import { DatabaseConnectionError } from '../database/postgres.js';
import { AppError } from './app-error.js';
import { zodFields } from '../validation/zod-fields.js';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** True when the error is ours to investigate (logged at error level). */
  unexpected: boolean;
}

/** Node's codes for a socket that could not be opened or was lost (a system error carries `syscall` and `code`). */
const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * PostgreSQL's SQLSTATEs that mean "try again shortly": class 08 (connection exception), the server
 * shutting down or starting up (57P01-57P03), too many connections (53300).
 */
const isTransientSqlState = (code: string) => code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);

/** PostgreSQL refusing a value the request carried: class 22 (data exception, such as a NUL byte or an out-of-range number), 54000 (such as an over-long index key). */
const isDataSqlState = (code: string) => code.startsWith('22') || code === '54000';

type CodedError = Error & { code?: unknown; statusCode?: unknown; syscall?: unknown };

/** The error and the errors it wraps: drizzle hides the driver's error (with its code) in `cause`. */
function chain(error: Error): CodedError[] {
  const found: CodedError[] = [];
  for (let e: unknown = error; e instanceof Error && found.length < 8; e = e.cause) found.push(e);
  return found;
}

const isNetworkError = (err: CodedError) => typeof err.syscall === 'string' && typeof err.code === 'string' && NETWORK_ERROR_CODES.has(err.code);

/**
 * A database or Redis failure that a retry may not meet, recognised by class and code: a server
 * answer with a transient SQLSTATE, a socket error, the pool's DatabaseConnectionError, a query that
 * drizzle reports failed without any answer from the server (pg gives a lost connection no class of
 * its own), or ioredis giving up on a command while Redis is away.
 */
function isTransient(err: CodedError): boolean {
  if (err instanceof pg.DatabaseError) return typeof err.code === 'string' && isTransientSqlState(err.code);
  if (err instanceof DatabaseConnectionError || err instanceof MaxRetriesPerRequestError || isNetworkError(err)) return true;
  return err instanceof DrizzleQueryError && err.cause instanceof Error && err.cause.constructor === Error;
}

const isDataException = (err: CodedError) => err instanceof pg.DatabaseError && typeof err.code === 'string' && isDataSqlState(err.code);

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

/** Maps anything thrown while serving a request to a status and a docs/product.md §8 error body. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) return { status: error.status, body: error.body, unexpected: false };
  // Another service's 4xx (404, 429 LIMIT_EXCEEDED...) reaches the client as it was; its outage is our 503.
  if (error instanceof InternalCallError) {
    if (error.status >= 400 && error.status < 500) return { status: error.status, body: error.body, unexpected: false };
    return { status: 503, body: SERVICE_UNAVAILABLE, unexpected: true };
  }
  if (error instanceof ZodError) {
    const fields = zodFields(error);
    const message = Object.values(fields)[0] ?? 'Invalid request';
    return { status: 400, body: { code: ErrorCode.VALIDATION_FAILED, message, fields }, unexpected: false };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const res = error.getResponse();
    const message = typeof res === 'string' ? res : typeof (res as { message?: unknown }).message === 'string' ? (res as { message: string }).message : error.message;
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
    if (causes.some(isTransient)) return { status: 503, body: SERVICE_UNAVAILABLE, unexpected: true };
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return { status: err.statusCode, body: { code: STATUS_CODES[err.statusCode], message: err.message }, unexpected: false };
    }
  }
  return { status: 500, body: { code: ErrorCode.INTERNAL, message: 'Internal server error' }, unexpected: true };
}
