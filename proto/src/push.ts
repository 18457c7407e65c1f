import { z } from 'zod';

/** Prefix of the Redis pub/sub channel on which identity announces consumed usage (D2) and fans it out. */
export const USAGE_EVENTS_CHANNEL = 'usage-events';
/** `committedAt`: when identity committed the counter (epoch ms), so a push's delay can be measured from it. */
export const usageEventSchema = z.object({ userId: z.number().int(), committedAt: z.number().optional() });
export type UsageEvent = z.infer<typeof usageEventSchema>;

/** Messages the server pushes on `/ws-general` (SPEC §3, §7). */
export const pushMessageSchema = z.object({ type: z.literal('usage_update'), committedAt: z.number().optional() });
export type PushMessage = z.infer<typeof pushMessageSchema>;
