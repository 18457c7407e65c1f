import { z } from 'zod';
import { notificationSchema } from './notifications.js';

/** Prefix of the Redis pub/sub channel on which identity announces consumed usage (docs/decisions/0002-shared-redis.md) and fans it out. */
export const USAGE_EVENTS_CHANNEL = 'usage-events';
/** An event for one user's `/ws-general` sockets: their usage changed, or (docs/decisions/0012-sharing-and-roles.md) a new notification.
 * `committedAt`: when identity committed the counter (epoch ms), so a push's delay can be measured from it. */
export const usageEventSchema = z.object({ userId: z.number().int(), committedAt: z.number().optional(), notification: notificationSchema.optional() });
export type UsageEvent = z.infer<typeof usageEventSchema>;

/** Messages the server pushes on `/ws-general` (docs/product.md §3, §7; docs/decisions/0012-sharing-and-roles.md). */
export const pushMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('usage_update'), committedAt: z.number().optional() }),
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
]);
export type PushMessage = z.infer<typeof pushMessageSchema>;
