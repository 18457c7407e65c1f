import { z } from 'zod';
import { usageSchema } from './errors.js';

export const USAGE_KINDS = ['docs', 'messages'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** Body of identity's internal usage routes. */
export const consumeUsageSchema = z.object({
  userId: z.number().int().positive(),
  kind: z.enum(USAGE_KINDS),
});
export type ConsumeUsage = z.infer<typeof consumeUsageSchema>;
export const consumeUsageAnswerSchema = z.object({ usage: usageSchema });

/** The LIMIT_EXCEEDED texts of SPEC §8, by kind (kept zod-free in limit-messages.ts for the client). */
export { LIMIT_MESSAGES } from './limit-messages.js';
