import { z } from 'zod';
import { USAGE_KINDS } from './limit-messages.js';

export { ErrorCode, SERVICE_UNAVAILABLE } from './error-codes.js';

export const usageSchema = z.object({
  docs: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  limits: z.object({
    docs: z.number().int().nonnegative().nullable(),
    messages: z.number().int().nonnegative().nullable(),
  }),
});
export type Usage = z.infer<typeof usageSchema>;

/** Every non-2xx JSON answer of every service has this shape. */
export const errorBodySchema = z.object({
  code: z.string().optional(),
  message: z.string(),
  description: z.string().optional(),
  usage: usageSchema.optional(),
  /** Which allowance a LIMIT_EXCEEDED answer is about, so the client never reads the message text. */
  limit: z.enum(USAGE_KINDS).optional(),
  /** Field-level validation messages, keyed by the field's dotted path. */
  fields: z.record(z.string(), z.string()).optional(),
  /** The document's version now, with VERSION_CONFLICT. */
  currentVersion: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
