import { errorBodySchema, SERVICE_UNAVAILABLE, type ErrorBody } from '../errors.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** A non-2xx answer (or no answer) from another service's internal route. */
export class InternalCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly target: string,
  ) {
    super(`${target} answered ${status}: ${body.message}`);
    this.name = 'InternalCallError';
  }
}

export interface InternalCallOptions {
  baseUrl: string;
  token: string;
  /** Milliseconds before the call is abandoned. */
  timeoutMs?: number;
  requestId?: string;
}

/**
 * One JSON call to another service's `/internal/...` route (docs/decisions/0003-internal-calls.md), carrying the shared token and the
 * request id. Any non-2xx answer becomes an InternalCallError with the callee's docs/product.md §8 body.
 */
export async function internalCall<T>(options: InternalCallOptions, method: string, path: string, body?: unknown): Promise<T> {
  const target = `${method} ${new URL(options.baseUrl).host}${path.split('?')[0]}`;
  let res: Response;
  try {
    res = await fetch(new URL(path, options.baseUrl), {
      method,
      headers: {
        [INTERNAL_TOKEN_HEADER]: options.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new InternalCallError(503, { ...SERVICE_UNAVAILABLE, description: message }, target);
  }
  const text = await res.text();
  if (!res.ok) {
    let parsed: ErrorBody = { message: res.statusText || `HTTP ${res.status}` };
    try {
      parsed = errorBodySchema.parse(JSON.parse(text));
    } catch {
      // keep the status text
    }
    throw new InternalCallError(res.status, parsed, target);
  }
  return (text ? JSON.parse(text) : null) as T;
}
