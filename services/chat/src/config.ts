import { z } from 'zod';
import { baseConfigSchema, callerToken } from '@prd/kit';

const positiveInt = (name: string, fallback: number) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).positive(`${name} must be positive`).default(fallback);

export const configSchema = baseConfigSchema.extend({
  /** D3: this process's own token for identity's and content's routes (the worker is given its own). */
  ...callerToken,
  IDENTITY_URL: z.url('IDENTITY_URL must be the URL of the identity service'),
  CONTENT_URL: z.url('CONTENT_URL must be the URL of the content service'),
  /** The server's key for users without their own; unset (and no user key) means the offline assistant answers. */
  OPENAI_API_KEY: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  /** Any OpenAI-compatible API (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio); server configuration only (D6). */
  OPENAI_BASE_URL: z.url('OPENAI_BASE_URL must be the URL of an OpenAI-compatible API').default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1, 'OPENAI_MODEL must name a model').default('gpt-4o-mini'),
  OPENAI_REALTIME_MODEL: z.string().min(1, 'OPENAI_REALTIME_MODEL must name a model').default('gpt-4o-realtime-preview'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().min(1, 'OPENAI_TRANSCRIPTION_MODEL must name a model').default('whisper-1'),
  /** Time limit of one attempt of an AI job, in milliseconds. */
  AI_JOB_TIMEOUT_MS: positiveInt('AI_JOB_TIMEOUT_MS', 60_000),
  /** Attempts per AI job (the first included); 429, 5xx and timeouts are retried. */
  AI_JOB_ATTEMPTS: positiveInt('AI_JOB_ATTEMPTS', 3).pipe(z.number().max(10, 'AI_JOB_ATTEMPTS must be at most 10')),
  /** Redis key prefix of the AI queue, so several stacks (or test suites) can share one Redis. */
  AI_QUEUE_PREFIX: z.string().regex(/^[\w:.-]+$/, 'AI_QUEUE_PREFIX may hold letters, digits and : . _ -').default('bull'),
  /** First retry delay in milliseconds; doubles with each further retry. */
  AI_RETRY_BACKOFF_MS: positiveInt('AI_RETRY_BACKOFF_MS', 1_000),
});
export type Config = z.infer<typeof configSchema>;

/**
 * How long the chat service waits for a job (every attempt at its time limit, the backoffs between
 * them, and a margin for queueing); after this the client gets 504 and the job may no longer write.
 */
export function replyDeadlineMs(config: Pick<Config, 'AI_JOB_TIMEOUT_MS' | 'AI_JOB_ATTEMPTS' | 'AI_RETRY_BACKOFF_MS'>): number {
  let backoff = 0;
  for (let i = 0; i < config.AI_JOB_ATTEMPTS - 1; i++) backoff += config.AI_RETRY_BACKOFF_MS * 2 ** i;
  return config.AI_JOB_TIMEOUT_MS * config.AI_JOB_ATTEMPTS + backoff + 5_000;
}
