import { z } from 'zod';
import { acceptedCallerTokens, baseConfigSchema, callerToken, positiveInt } from '@prd/kit';
import { COMMENTS_PER_MINUTE, SHARES_PER_HOUR, SUGGESTION_PROPOSALS_PER_MINUTE } from '@prd/proto';

export const configSchema = baseConfigSchema.extend({
  /** docs/decisions/0003-internal-calls.md: this service's own token for identity's routes, and the tokens of the callers of its own. */
  ...callerToken,
  ...acceptedCallerTokens('chat', 'chat-worker', 'export', 'identity'),
  IDENTITY_URL: z.url('IDENTITY_URL must be the URL of the identity service'),
  /** Per-user limits on what notifies others (docs/decisions/0031-hostile-collaboration.md), counted in Redis. */
  COMMENTS_PER_MINUTE: positiveInt('COMMENTS_PER_MINUTE', COMMENTS_PER_MINUTE),
  SHARES_PER_HOUR: positiveInt('SHARES_PER_HOUR', SHARES_PER_HOUR),
  /** People's own suggestions (docs/decisions/0041-suggestions.md): requests a minute, each of up to 50 passages. */
  SUGGESTION_PROPOSALS_PER_MINUTE: positiveInt('SUGGESTION_PROPOSALS_PER_MINUTE', SUGGESTION_PROPOSALS_PER_MINUTE),
});
export type Config = z.infer<typeof configSchema>;
