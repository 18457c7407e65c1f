import { z } from 'zod';
import { configSchema } from '../config.js';

export const workerConfigSchema = configSchema.extend({
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;
