import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AppError, summariseDatabaseError } from '@prd/kit';
import { AiErrorCode, InternalCallError, SERVICE_UNAVAILABLE, type ErrorBody } from '@prd/proto';

/** How a failed AI job ends for the client: the status and docs/product.md §8 body, and whether a retry may help. */
export interface AiFailure {
  status: number;
  body: ErrorBody;
  retryable: boolean;
}

/** The model answered with something we refuse to save (docs/decisions/0006-ai-providers.md: the edit is validated first). */
export class InvalidAiOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAiOutputError';
  }
}

/** The job's own time limit ran out. */
export class AiTimeoutError extends Error {
  constructor() {
    super('AI job time limit reached');
    this.name = 'AiTimeoutError';
  }
}

/** A job whose answer came too late for the waiting client; it must not write anything. */
export class DeadlinePassedError extends Error {
  constructor() {
    super('The client stopped waiting for this reply');
    this.name = 'DeadlinePassedError';
  }
}

/** The client closed the request (Stop, a closed tab): the job ends and keeps what was written (docs/decisions/0014-streaming-replies.md). */
export class ReplyStoppedError extends Error {
  constructor() {
    super('The client stopped this reply');
    this.name = 'ReplyStoppedError';
  }
}

export const PROVIDER_FAILED: ErrorBody = {
  code: AiErrorCode.AI_PROVIDER_FAILED,
  message: 'The AI provider could not answer right now. Please try again.',
};
export const AI_TIMEOUT: ErrorBody = {
  code: AiErrorCode.AI_TIMEOUT,
  message: 'The AI took too long to answer. Please try again.',
};

/** Classifies anything a job threw: 429, 5xx and timeouts are retried (docs/decisions/0007-ai-jobs-on-bullmq.md); 4xx of our own services pass through. */
export function classifyAiError(err: unknown): AiFailure {
  if (err instanceof AiTimeoutError || err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError || err instanceof DeadlinePassedError) {
    return { status: 504, body: AI_TIMEOUT, retryable: !(err instanceof DeadlinePassedError) };
  }
  if (err instanceof APIError && typeof err.status === 'number') {
    if (err.status === 429 || err.status >= 500 || err.status === 408) return { status: 502, body: PROVIDER_FAILED, retryable: true };
    if (err.status === 401 || err.status === 403) {
      return {
        status: 502,
        body: { code: AiErrorCode.AI_PROVIDER_FAILED, message: 'The AI provider rejected the API key.', description: 'Check the OpenAI API key in Settings.' },
        retryable: false,
      };
    }
    return { status: 502, body: PROVIDER_FAILED, retryable: false };
  }
  if (err instanceof APIConnectionError) return { status: 502, body: PROVIDER_FAILED, retryable: true };
  if (err instanceof InvalidAiOutputError) {
    return { status: 502, body: { ...PROVIDER_FAILED, description: err.message }, retryable: true };
  }
  if (err instanceof AppError) return { status: err.status, body: err.body, retryable: err.status >= 500 };
  if (err instanceof InternalCallError) {
    if (err.status >= 400 && err.status < 500) return { status: err.status, body: err.body, retryable: false };
    return { status: 503, body: SERVICE_UNAVAILABLE, retryable: true };
  }
  return { status: 502, body: PROVIDER_FAILED, retryable: true };
}

/**
 * An error's text for logs: a provider's message may quote part of the key, so it is masked; a database
 * error's message carries the query's parameters (a message's text, a key), so only its summary is kept.
 */
export function safeErrorText(err: unknown): string {
  if (err instanceof APIError) return `${err.name} (status ${err.status ?? 'none'})`;
  const database = summariseDatabaseError(err);
  if (database) return database.message;
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.replace(/\b(sk|ek|rk)[-_][\w*-]{4,}/g, '$1-[redacted]');
}
