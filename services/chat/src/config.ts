import { z } from 'zod';
import { baseConfigSchema } from '@prd/kit';

export const configSchema = baseConfigSchema.extend({
  IDENTITY_URL: z.url('IDENTITY_URL must be the URL of the identity service'),
  CONTENT_URL: z.url('CONTENT_URL must be the URL of the content service'),
});
export type Config = z.infer<typeof configSchema>;
