import { z } from 'zod';
import { baseConfigSchema } from '@prd/kit';

export const workerConfigSchema = baseConfigSchema.extend({
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;
