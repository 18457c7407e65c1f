import { z } from 'zod';

/** Error codes the client reacts to (SPEC §8, ARCHITECTURE D4). */
export const ErrorCode = {
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  ACCOUNT_REQUIRED: 'ACCOUNT_REQUIRED',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

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
  /** Field-level validation messages, keyed by the field's dotted path. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
