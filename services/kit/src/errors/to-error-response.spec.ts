import { describe, expect, it } from '@jest/globals';
import { NotFoundException } from '@nestjs/common';
import { z } from 'zod';
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

  it('answers 503 for a lost database or Redis connection, never 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorResponse(refused)).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    expect(toErrorResponse(new Error('Connection terminated unexpectedly')).status).toBe(503);
  });

  it('answers 503 for a lost connection that drizzle wrapped in its own query error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('Failed query: select 1', { cause: refused });
    expect(toErrorResponse(wrapped)).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
  });

  it('answers 400 when PostgreSQL refuses a value the request carried, even wrapped', () => {
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR' });
    expect(toErrorResponse(new Error('Failed query: insert', { cause: nul }))).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' }, unexpected: false });
    const constraint = Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' });
    expect(toErrorResponse(constraint).status).toBe(500);
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
