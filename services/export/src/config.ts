import { z } from 'zod';
import { baseConfigSchema, callerToken } from '@prd/kit';

const positiveInt = (name: string) => z.coerce.number().int(`${name} must be a whole number`).positive(`${name} must be positive`);

export const configSchema = baseConfigSchema.extend({
  /** docs/decisions/0003-internal-calls.md: this service's own token for content's and identity's routes. */
  ...callerToken,
  IDENTITY_URL: z.url('IDENTITY_URL must be the URL of the identity service'),
  CONTENT_URL: z.url('CONTENT_URL must be the URL of the content service'),
  /** Worker threads building Word files at once (each started on demand, stopped after 5 s idle). */
  EXPORT_WORKERS: positiveInt('EXPORT_WORKERS').max(16, 'EXPORT_WORKERS must be at most 16').default(1),
  /** Word exports waiting for a worker; one more is answered 503. */
  EXPORT_QUEUE_LIMIT: positiveInt('EXPORT_QUEUE_LIMIT').default(16),
  /** A Word export taking longer is abandoned and answered 503. */
  EXPORT_TIMEOUT_MS: positiveInt('EXPORT_TIMEOUT_MS').default(30_000),
});
export type Config = z.infer<typeof configSchema>;
