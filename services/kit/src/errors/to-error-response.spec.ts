import { describe, expect, it } from '@jest/globals';
import { NotFoundException } from '@nestjs/common';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import pg from 'pg';
import { z } from 'zod';
import { DatabaseConnectionError } from '../database/postgres.js';
import { accountRequired } from './app-error.js';
import { toErrorResponse } from './to-error-response.js';

describe('toErrorResponse', () => {
  it('turns a zod failure into a 400 with every field message', () => {
    const schema = z.object({ title: z.string().min(1, 'Document title is required'), content: z.string({ error: 'No content to upload' }) });
    const result = schema.safeParse({ title: '' });
    expect(result.success).toBe(false);
    const { status, body } = toErrorResponse(result.error);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Document title is required',
      fields: { title: 'Document title is required', content: 'No content to upload' },
    });
  });

  it('keeps an AppError status and body as they are', () => {
    const { status, body } = toErrorResponse(accountRequired('Registration required', 'Please register to download your document'));
    expect(status).toBe(403);
    expect(body).toEqual({ code: 'ACCOUNT_REQUIRED', message: 'Registration required', description: 'Please register to download your document' });
  });

  it('maps Nest HTTP exceptions to their status with a code', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /x'))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Cannot GET /x' } });
  });

  /** A server error as pg reports it: a DatabaseError with the SQLSTATE. */
  const serverError = (code: string, message = 'server error') => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'ERROR' });
  /** A socket error as Node reports it, with its syscall and code. */
  const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect', errno: -111 });
  const drizzleFailure = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

  it('answers 503 for a refused or lost socket, wrapped by drizzle or not', () => {
    for (const error of [socketError('ECONNREFUSED'), socketError('ECONNRESET'), drizzleFailure(socketError('ETIMEDOUT'))]) {
      expect(toErrorResponse(error)).toEqual({ status: 503, body: { code: 'UNAVAILABLE', message: 'Service temporarily unavailable, please retry shortly' }, unexpected: true });
    }
  });

  it("answers 503 for PostgreSQL's connection, shutdown and too-many-connections SQLSTATEs", () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300']) {
      expect(toErrorResponse(drizzleFailure(serverError(code))).status).toBe(503);
    }
  });

  it('answers 503 for a query that got no answer (pg reports a lost connection with a bare Error) and for a pool that cannot connect', () => {
    expect(toErrorResponse(drizzleFailure(new Error('Connection terminated unexpectedly'))).status).toBe(503);
    expect(toErrorResponse(new DatabaseConnectionError(new Error('timeout exceeded when trying to connect'))).status).toBe(503);
  });

  it('answers 503 when ioredis gives up on a command while Redis is away', () => {
    expect(toErrorResponse(new MaxRetriesPerRequestError(2)).status).toBe(503);
  });

  it('does not take an error for an outage because of its words', () => {
    // The same texts without the driver's class or code are ordinary failures.
    for (const text of ['Connection terminated unexpectedly', 'connect ECONNREFUSED 127.0.0.1:5432', 'Connection is closed.']) {
      expect(toErrorResponse(new Error(text))).toMatchObject({ status: 500, body: { code: 'INTERNAL' } });
    }
    // A code without a syscall is not a socket error; a programming error inside a query is not an outage.
    expect(toErrorResponse(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })).status).toBe(500);
    expect(toErrorResponse(drizzleFailure(new TypeError('Do not know how to serialize a BigInt'))).status).toBe(500);
    // A constraint violation is a server answer, not a transient failure.
    expect(toErrorResponse(drizzleFailure(serverError('23505', 'duplicate key'))).status).toBe(500);
  });

  it('answers 400 when PostgreSQL refuses a value the request carried, even wrapped', () => {
    const nul = serverError('22021', 'invalid byte sequence for encoding "UTF8": 0x00');
    expect(toErrorResponse(drizzleFailure(nul))).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' }, unexpected: false });
    expect(toErrorResponse(serverError('54000')).status).toBe(400);
    // The same code on an error that is not PostgreSQL's answer means nothing.
    expect(toErrorResponse(Object.assign(new Error('x'), { code: '22021' })).status).toBe(500);
  });

  it('maps body-parsing errors to 4xx', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    expect(toErrorResponse(tooLarge)).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
  });

  it('hides the details of an unexpected error behind a generic 500', () => {
    expect(toErrorResponse(new Error('secret internals'))).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: 'Internal server error' },
      unexpected: true,
    });
  });
});
