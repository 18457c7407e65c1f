import { describe, expect, it } from '@jest/globals';
import { normalizeError } from './normalize-error';

const usage = { docs: 3, messages: 12, limits: { docs: 3, messages: 20 } };

describe('normalizeError', () => {
  it('keeps LIMIT_EXCEEDED with its message, description, usage and limit, the message unprefixed', () => {
    const body = JSON.stringify({ code: 'LIMIT_EXCEEDED', message: 'Document limit reached', description: 'Sign up for more', usage, limit: 'docs' });
    expect(normalizeError(429, 'Too Many Requests', body)).toEqual({
      status: 429,
      code: 'LIMIT_EXCEEDED',
      message: 'Document limit reached',
      description: 'Sign up for more',
      usage,
      limit: 'docs',
    });
  });

  it('drops a limit field that names no allowance', () => {
    const body = JSON.stringify({ code: 'LIMIT_EXCEEDED', message: 'Limit', limit: 'projects' });
    expect(normalizeError(429, 'Too Many Requests', body)).toEqual({ status: 429, code: 'LIMIT_EXCEEDED', message: 'Limit' });
  });

  it('falls back to the code as the message of ACCOUNT_REQUIRED when the body has no message', () => {
    expect(normalizeError(403, 'Forbidden', '{"code":"ACCOUNT_REQUIRED"}')).toEqual({
      status: 403,
      code: 'ACCOUNT_REQUIRED',
      message: 'ACCOUNT_REQUIRED',
    });
  });

  it('gives other JSON bodies their message and no code', () => {
    expect(normalizeError(404, 'Not Found', '{"code":"NOT_FOUND","message":"Document not found"}')).toEqual({
      status: 404,
      message: 'Document not found',
    });
  });

  it('uses the status text for a JSON body without a message', () => {
    expect(normalizeError(500, 'Internal Server Error', '{"error":true}')).toEqual({ status: 500, message: 'Internal Server Error' });
  });

  it('uses the raw text of a body that is not JSON', () => {
    expect(normalizeError(502, 'Bad Gateway', '<html>upstream down</html>')).toEqual({ status: 502, message: '<html>upstream down</html>' });
  });

  it('uses the status text when the body is empty', () => {
    expect(normalizeError(401, 'Unauthorized', '')).toEqual({ status: 401, message: 'Unauthorized' });
  });

  it('treats JSON that is not an object as raw text', () => {
    expect(normalizeError(400, 'Bad Request', '"bad input"')).toEqual({ status: 400, message: '"bad input"' });
  });

  it('drops a usage field that does not have the usage shape', () => {
    const body = JSON.stringify({ code: 'LIMIT_EXCEEDED', message: 'Message limit reached', usage: 'lots' });
    expect(normalizeError(403, 'Forbidden', body)).toEqual({ status: 403, code: 'LIMIT_EXCEEDED', message: 'Message limit reached' });
  });
});
