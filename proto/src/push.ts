import { z } from 'zod';

/** Prefix of the Redis pub/sub channel on which identity announces consumed usage (D2) and fans it out. */
export const USAGE_EVENTS_CHANNEL = 'usage-events';
export const usageEventSchema = z.object({ userId: z.number().int() });
export type UsageEvent = z.infer<typeof usageEventSchema>;

/** Messages the server pushes on `/ws-general` (SPEC §3, §7). */
export const pushMessageSchema = z.object({ type: z.literal('usage_update') });
export type PushMessage = z.infer<typeof pushMessageSchema>;
