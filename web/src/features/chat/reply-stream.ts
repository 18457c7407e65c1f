/* eslint-disable @typescript-eslint/only-throw-error -- a failed reply rejects with the same ApiError object RTK Query's calls reject with, so every caller handles one shape */
import { REPLY_TIMEOUT_HEADER } from '@prd/proto';
import { createParser } from 'eventsource-parser';
import { normalizeError, type ApiError } from '../../shared/api/normalize-error';

/** How long the client waits beyond the reply time limit the server names, so that the server's own answer wins. */
const CLIENT_MARGIN_MS = 5_000;

export interface StreamHandlers {
  /** New text of the reply. */
  onDelta: (text: string) => void;
  /** The server retried the reply: the text so far is void. */
  onRestart: () => void;
}

/** The user stopped the reply (the request was closed on purpose). */
export class ReplyStopped extends Error {
  constructor() {
    super('Stopped');
    this.name = 'ReplyStopped';
  }
}

const TIMED_OUT: ApiError = { status: 504, message: '504: The AI took too long to answer. Please try again.' };
const INTERRUPTED: ApiError = { status: 'FETCH_ERROR', message: 'The connection was lost before the reply was finished.' };

/**
 * docs/decisions/0014-streaming-replies.md: POSTs an AI call with `Accept: text/event-stream` (EventSource cannot POST) and reads its events: deltas
 * and restarts go to `handlers`, `done` resolves with the JSON body the call answers otherwise, `error` rejects
 * with the usual ApiError. Aborting `signal` closes the request, which stops the reply on the server.
 */
export async function streamReply<T>(url: string, body: unknown, handlers: StreamHandlers, signal: AbortSignal): Promise<T> {
  const timeout = new AbortController();
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
      signal: AbortSignal.any([signal, timeout.signal]),
    });
  } catch (cause) {
    if (signal.aborted) throw new ReplyStopped();
    throw { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } satisfies ApiError;
  }
  if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw normalizeError(response.status, response.statusText, await response.text());
  }
  // The one limit the service, nginx and this client share; the server ends the stream a little sooner itself.
  const limitSeconds = Number(response.headers.get(REPLY_TIMEOUT_HEADER));
  const timer = limitSeconds > 0 ? setTimeout(() => timeout.abort(), limitSeconds * 1000 + CLIENT_MARGIN_MS) : undefined;

  let outcome: { done: T } | { error: ApiError } | undefined;
  const parser = createParser({
    onEvent: ({ event, data }) => {
      const value: unknown = JSON.parse(data);
      if (event === 'delta') handlers.onDelta((value as { content: string }).content);
      else if (event === 'restart') handlers.onRestart();
      else if (event === 'done') outcome = { done: value as T };
      else if (event === 'error') {
        const status = (value as { status?: unknown }).status;
        outcome = { error: normalizeError(typeof status === 'number' ? status : 502, '', data) };
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (outcome) break;
    }
  } catch {
    // Read after an abort: decided below.
  } finally {
    clearTimeout(timer);
    void reader.cancel().catch(() => undefined);
  }
  if (outcome && 'done' in outcome) return outcome.done;
  if (outcome) throw outcome.error;
  if (signal.aborted) throw new ReplyStopped();
  throw timeout.signal.aborted ? TIMED_OUT : INTERRUPTED;
}
