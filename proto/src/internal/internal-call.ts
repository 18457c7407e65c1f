import { errorBodySchema, SERVICE_UNAVAILABLE, type ErrorBody } from '../errors.js';
import { httpTransport, type InternalTransport, type TransportResponse } from './http-transport.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** A non-2xx answer (or no answer) from another service's internal route. */
export class InternalCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly target: string,
    options?: ErrorOptions,
  ) {
    super(`${target} answered ${status}: ${body.message}`, options);
    this.name = 'InternalCallError';
  }
}

export interface InternalCallOptions {
  baseUrl: string;
  token: string;
  /** Milliseconds before the call is abandoned. */
  timeoutMs?: number;
  requestId?: string;
  /** How the call is sent: Node's `http` by default; tests give a `fetch`-shaped stand-in. */
  transport?: InternalTransport;
}

/**
 * Failures that prove the request never reached the peer: its name did not resolve, or no connection
 * was made. Sending it again is safe whatever the method, and a second look-up usually succeeds: under
 * podman a container's first look-up after its network changed can be lost (docs in the README's
 * Containers section), and a peer that is restarting refuses connections for a moment.
 */
const NOT_SENT = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** One more attempt at most, within the same time limit. */
const ATTEMPTS = 2;

interface Failure {
  name?: string;
  message?: string;
  /** A string for system and undici errors (DOMException's is a number). */
  code?: unknown;
  cause?: unknown;
  errors?: unknown[];
}
// Not `instanceof Error`: errors may come from another realm (jest's VM context).
const isFailure = (e: unknown): e is Failure => typeof e === 'object' && e !== null;

/** The errors behind a failed call: the socket's or the look-up's own, or wrapped (`fetch failed`; several for several addresses). */
function causes(err: unknown): Failure[] {
  const found: Failure[] = [];
  for (let e: unknown = err; isFailure(e) && found.length < 5; e = e.cause) {
    found.push(e);
    if (Array.isArray(e.errors)) found.push(...e.errors.filter(isFailure));
  }
  return found;
}

/** What failed, for the logs: `ENOTFOUND getaddrinfo ENOTFOUND identity`, with the wrapping error's message before it if any. */
function describeFailure(err: unknown): string {
  const [outer, ...inner] = causes(err);
  if (!outer) return String(err);
  if (typeof outer.code === 'string') return `${outer.code} ${outer.message}`;
  const cause = inner.find((e) => typeof e.code === 'string') ?? inner[0];
  return cause ? `${outer.message}: ${typeof cause.code === 'string' ? cause.code : cause.name} ${cause.message}` : String(outer.message ?? outer.name);
}

const neverSent = (err: unknown) => causes(err).some((e) => typeof e.code === 'string' && NOT_SENT.has(e.code));

/**
 * One JSON call to another service's `/internal/...` route (docs/decisions/0003-internal-calls.md), carrying the shared token and the
 * request id. Any non-2xx answer becomes an InternalCallError with the callee's docs/product.md §8 body.
 */
export async function internalCall<T>(options: InternalCallOptions, method: string, path: string, body?: unknown): Promise<T> {
  const target = `${method} ${new URL(options.baseUrl).host}${path.split('?')[0]}`;
  const started = performance.now();
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let res: TransportResponse | undefined;
  for (let attempt = 1; !res; attempt++) {
    try {
      res = await (options.transport ?? httpTransport)(new URL(path, options.baseUrl), {
        method,
        headers: {
          [INTERNAL_TOKEN_HEADER]: options.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: deadline,
      });
    } catch (err) {
      const failure = `${deadline.aborted ? 'no answer within the time limit' : describeFailure(err)} (after ${Math.round(performance.now() - started)} ms, attempt ${attempt})`;
      if (attempt >= ATTEMPTS || deadline.aborted || !neverSent(err)) {
        throw new InternalCallError(503, { ...SERVICE_UNAVAILABLE, description: failure }, target, { cause: err });
      }
      // On the service's standard error, beside its logs, so that a flaky network shows before it fails requests.
      console.warn(`InternalCallRetry: ${target}: ${failure}; sending it again`);
    }
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
