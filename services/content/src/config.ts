import { z } from 'zod';
import { acceptedCallerTokens, baseConfigSchema, callerToken } from '@prd/kit';

export const configSchema = baseConfigSchema.extend({
  /** docs/decisions/0003-internal-calls.md: this service's own token for identity's routes, and the tokens of the callers of its own. */
  ...callerToken,
  ...acceptedCallerTokens('chat', 'chat-worker', 'export', 'identity'),
  IDENTITY_URL: z.url('IDENTITY_URL must be the URL of the identity service'),
});
export type Config = z.infer<typeof configSchema>;
