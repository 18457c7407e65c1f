import { z } from 'zod';

/** Why someone is told (docs/decisions/0012-sharing-and-roles.md). */
export const NOTIFICATION_TYPES = ['shared', 'comment', 'reply', 'mention'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How many notifications one `GET /api/notifications` answers. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Days a read notification is kept (NOTIFICATIONS_READ_RETENTION_DAYS); unread ones stay until read. */
export const NOTIFICATIONS_READ_RETENTION_DAYS = 30;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Who did it (their username). */
  actorName: z.string(),
  /** The document's title or the project's name. */
  title: z.string(),
  documentId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  commentId: z.number().int().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications?before=<id>`: newest first, with the unread count. */
export const notificationsPageSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int(), nextBefore: z.number().int().nullable() });
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;
export const notificationsQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'before must be a notification id')
    .transform(Number)
    .optional(),
});

/** `POST /api/notifications/read`: some ids, or all. */
export const markNotificationsReadSchema = z.union(
  [
    z.object({ ids: z.array(z.number().int().positive(), { error: 'ids must be a list of notification ids' }).min(1, 'ids must not be empty').max(200, 'At most 200 ids') }),
    z.object({ all: z.literal(true, { error: 'all must be true' }) }),
  ],
  { error: 'Send { ids: [...] } or { all: true }' },
);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** Body of identity's `POST /internal/notifications`: one notification for each of `userIds`. */
export const internalCreateNotificationsSchema = z.object({
  userIds: z.array(z.number().int().positive()).max(1000),
  type: z.enum(NOTIFICATION_TYPES),
  actorName: z.string().max(200),
  title: z.string().max(1000),
  documentId: z.number().int().nullable().optional(),
  projectId: z.number().int().nullable().optional(),
  commentId: z.number().int().nullable().optional(),
});
export type InternalCreateNotifications = z.infer<typeof internalCreateNotificationsSchema>;
