import { z } from 'zod';
import { positiveInt } from '@prd/kit';
import { configSchema } from '../config.js';

export const workerConfigSchema = configSchema.extend({
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Requests per second this deployment sends to one OpenAI-compatible provider; 0 turns the limit off. */
  AI_RATE_LIMIT_PER_SECOND: z.coerce.number({ error: 'AI_RATE_LIMIT_PER_SECOND must be a number' }).int().min(0).default(10),
  /** How long a worker's claim on a job lasts without renewal; a killed worker's job is retried after it. */
  AI_LOCK_DURATION_MS: positiveInt('AI_LOCK_DURATION_MS', 30_000),
  /** How often workers look for jobs whose worker died (stalled jobs). */
  AI_STALLED_INTERVAL_MS: positiveInt('AI_STALLED_INTERVAL_MS', 30_000),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;
