import { z } from 'zod';
import { usageSchema } from './errors.js';
import { IMPORT_FILES_MAX } from './imports.js';
import { USAGE_KINDS } from './limit-messages.js';

export { USAGE_KINDS, type UsageKind } from './limit-messages.js';

/** Body of identity's internal usage routes. */
export const consumeUsageSchema = z.object({
  userId: z.number().int().positive(),
  kind: z.enum(USAGE_KINDS),
  /** How many units, taken or given back all together (an import of several files); one unless said. */
  count: z.number().int().positive().max(IMPORT_FILES_MAX).default(1),
});
export type ConsumeUsage = z.infer<typeof consumeUsageSchema>;
export const consumeUsageAnswerSchema = z.object({ usage: usageSchema });

/** The LIMIT_EXCEEDED texts of docs/product.md §8, by kind (kept zod-free in limit-messages.ts for the client). */
export { LIMIT_MESSAGES } from './limit-messages.js';
