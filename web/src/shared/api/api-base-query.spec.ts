import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { apiBaseQuery } from './api-base-query';

const queryApi = { signal: new AbortController().signal } as BaseQueryApi;

function answerWith(response: Response) {
  const fetchMock = jest.fn<typeof fetch>().mockResolvedValue(response);
  globalThis.fetch = fetchMock;
  return fetchMock;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('apiBaseQuery', () => {
  it('sends cookies and no content type when there is no body', async () => {
    const fetchMock = answerWith(Response.json({ ok: true }));
    await expect(apiBaseQuery('/api/usage', queryApi, {})).resolves.toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/usage');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('sends a JSON body with a JSON content type', async () => {
    const fetchMock = answerWith(Response.json({ id: 1 }, { status: 201 }));
    const result = await apiBaseQuery({ url: '/api/projects', method: 'POST', body: { name: 'Atlas' } }, queryApi, {});
    expect(result).toEqual({ data: { id: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', body: '{"name":"Atlas"}', credentials: 'include' });
    expect(init?.headers).toHaveProperty('Content-Type', 'application/json');
  });

  it('yields null for 204', async () => {
    answerWith(new Response(null, { status: 204 }));
    await expect(apiBaseQuery({ url: '/api/settings/api-key', method: 'DELETE' }, queryApi, {})).resolves.toEqual({ data: null });
  });

  it('turns a non-OK answer into a normalised error', async () => {
    answerWith(Response.json({ code: 'LIMIT_EXCEEDED', message: 'Document limit reached' }, { status: 403, statusText: 'Forbidden' }));
    await expect(apiBaseQuery('/api/documents', queryApi, {})).resolves.toEqual({
      error: { status: 403, code: 'LIMIT_EXCEEDED', message: 'Document limit reached' },
    });
  });

  it('reports an OK answer that is not JSON as a parsing error', async () => {
    answerWith(new Response('<!doctype html>', { status: 200 }));
    await expect(apiBaseQuery('/api/templates', queryApi, {})).resolves.toEqual({
      error: { status: 'PARSING_ERROR', message: 'The answer is not JSON' },
    });
  });

  it('reports a failed request as an error instead of throwing', async () => {
    globalThis.fetch = jest.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiBaseQuery('/api/current-user', queryApi, {})).resolves.toEqual({
      error: { status: 'FETCH_ERROR', message: 'Failed to fetch' },
    });
  });
});
