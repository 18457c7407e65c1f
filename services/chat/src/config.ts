import { z } from 'zod';
import { baseConfigSchema, callerToken, positiveInt } from '@prd/kit';

export const configSchema = baseConfigSchema.extend({
  /** docs/decisions/0003-internal-calls.md: this process's own token for identity's and content's routes (the worker is given its own). */
  ...callerToken,
  IDENTITY_URL: z.url('IDENTITY_URL must be the URL of the identity service'),
  CONTENT_URL: z.url('CONTENT_URL must be the URL of the content service'),
  /** The server's key for users without their own; unset (and no user key) means the offline assistant answers. */
  OPENAI_API_KEY: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  /** Any OpenAI-compatible API (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio); server configuration only (docs/decisions/0006-ai-providers.md). */
  OPENAI_BASE_URL: z.url('OPENAI_BASE_URL must be the URL of an OpenAI-compatible API').default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1, 'OPENAI_MODEL must name a model').default('gpt-4o-mini'),
  OPENAI_REALTIME_MODEL: z.string().min(1, 'OPENAI_REALTIME_MODEL must name a model').default('gpt-4o-realtime-preview'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().min(1, 'OPENAI_TRANSCRIPTION_MODEL must name a model').default('whisper-1'),
  /**
   * docs/decisions/0014-streaming-replies.md: the one time limit of an AI reply, in seconds, shared by this service (it answers 504 or an `error`
   * event a little before it), nginx (its proxy_read_timeout on the chat routes) and the web client (it gives up
   * a little after, told the value in the `X-Reply-Timeout` header).
   */
  AI_REPLY_TIMEOUT_S: positiveInt('AI_REPLY_TIMEOUT_S', 120).pipe(z.number().min(10, 'AI_REPLY_TIMEOUT_S must be at least 10')),
  /** How often a streamed reply sends a comment line so that proxies keep it open (SSE). */
  SSE_HEARTBEAT_MS: positiveInt('SSE_HEARTBEAT_MS', 15_000),
  /** Time limit of one attempt of an AI job, in milliseconds (the reply's own limit still caps every attempt). */
  AI_JOB_TIMEOUT_MS: positiveInt('AI_JOB_TIMEOUT_MS', 60_000),
  /** Attempts per AI job (the first included); 429, 5xx and timeouts are retried. */
  AI_JOB_ATTEMPTS: positiveInt('AI_JOB_ATTEMPTS', 3).pipe(z.number().max(10, 'AI_JOB_ATTEMPTS must be at most 10')),
  /** Redis key prefix of the AI queue, so several stacks (or test suites) can share one Redis. */
  AI_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w:.-]+$/, 'AI_QUEUE_PREFIX may hold letters, digits and : . _ -')
    .default('bull'),
  /** AI replies one user may ask for in a minute, whatever their tier (auto-titles and flows included); 0 turns the cap off. */
  AI_REPLIES_PER_MINUTE: z.coerce.number({ error: 'AI_REPLIES_PER_MINUTE must be a number' }).int().min(0).default(30),
  /** Document flows one user may start in a minute; 0 turns the limit off. */
  FLOW_STARTS_PER_MINUTE: z.coerce.number({ error: 'FLOW_STARTS_PER_MINUTE must be a number' }).int().min(0).default(5),
  /** `init_session` frames one `/ws` socket may send in a minute (each checks access with content). */
  REALTIME_INITS_PER_MINUTE: positiveInt('REALTIME_INITS_PER_MINUTE', 20),
  /** First retry delay in milliseconds; doubles with each further retry. */
  AI_RETRY_BACKOFF_MS: positiveInt('AI_RETRY_BACKOFF_MS', 1_000),
});
export type Config = z.infer<typeof configSchema>;

/** How much sooner than nginx the service gives up, so that its own answer (504 or an `error` event) gets through. */
export const REPLY_TIMEOUT_MARGIN_MS = 2_000;

/**
 * How long the chat service waits for a job: the configured reply time limit less a margin. After this the client
 * gets 504 (or an `error` event), the job may no longer write, and its message is given back (docs/decisions/0007-ai-jobs-on-bullmq.md, docs/decisions/0014-streaming-replies.md).
 */
export function replyDeadlineMs(config: Pick<Config, 'AI_REPLY_TIMEOUT_S'>): number {
  return config.AI_REPLY_TIMEOUT_S * 1000 - REPLY_TIMEOUT_MARGIN_MS;
}
