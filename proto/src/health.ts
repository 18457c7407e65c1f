import { z } from 'zod';

export const healthCheckSchema = z.object({
  status: z.enum(['ok', 'error']),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});

/** Answer of `/healthz` (liveness: only `service` and `status`) and `/readyz` (with checks). */
export const healthAnswerSchema = z.object({
  service: z.string(),
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), healthCheckSchema).optional(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
