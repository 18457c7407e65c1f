import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { normalizeError, type ApiError } from './normalize-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call: a path under the gateway, a method (GET when absent) and an optional JSON body. */
export interface ApiRequest {
  url: string;
  method?: HttpMethod;
  body?: unknown;
}

type Outcome = { data: unknown } | { error: ApiError };

function parseAnswer(response: Response, text: string): Outcome {
  if (!response.ok) return { error: normalizeError(response.status, response.statusText, text) };
  if (response.status === 204) return { data: null };
  try {
    return { data: JSON.parse(text) };
  } catch {
    return { error: { status: 'PARSING_ERROR', message: 'The answer is not JSON' } };
  }
}

/**
 * The call rules of docs/product.md §7: cookies always travel, a JSON content type is sent only with a body,
 * 204 yields null and anything else is parsed as JSON; non-OK answers become an ApiError (docs/product.md §8).
 */
export const apiBaseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (request, { signal }) => {
  const { url, method = 'GET', body } = typeof request === 'string' ? { url: request } : request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
    return parseAnswer(response, await response.text());
  } catch (cause) {
    // No answer at all (network down, request aborted): RTK Query must get an error, not a throw.
    return { error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } };
  }
};
