import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { CONFIG, DB, LOGGER, REDIS, type Database } from '@prd/kit';
import { NOTIFICATIONS_PAGE_SIZE, type InternalCreateNotifications, type Notification, type NotificationType, type NotificationsPage, type UsageEvent } from '@prd/proto';
import type { Config } from '../config.js';
import * as tables from '../db/schema.js';
import { usageChannel } from '../usage/usage-channel.js';

const n = tables.notifications;
type Row = typeof n.$inferSelect;

const toNotification = (r: Row): Notification => ({
  id: r.id,
  type: r.type as NotificationType,
  actorName: r.actorName,
  title: r.title,
  documentId: r.documentId,
  projectId: r.projectId,
  commentId: r.commentId,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

/** docs/decisions/0012-sharing-and-roles.md's notifications: stored here, pushed on `/ws-general` through the usage channel every replica hears. */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Stores and pushes one notice per user. A notice still unread from the same actor about the same item and of the
   * same type is replaced by the new one, so a burst of comments is one line in the bell, not a flood
   * (docs/decisions/0031-hostile-collaboration.md); the recipients' read notices past retention go at the same time.
   */
  async create(input: InternalCreateNotifications): Promise<void> {
    const userIds = [...new Set(input.userIds)];
    if (userIds.length === 0) return;
    const item = (column: typeof n.documentId | typeof n.projectId, id: number | null | undefined) => (id == null ? isNull(column) : eq(column, id));
    const rows = await this.db.transaction(async (tx) => {
      await tx
        .delete(n)
        .where(
          and(
            inArray(n.userId, userIds),
            isNull(n.readAt),
            eq(n.type, input.type),
            eq(n.actorName, input.actorName),
            item(n.documentId, input.documentId),
            item(n.projectId, input.projectId),
          ),
        );
      await this.prune(tx, userIds);
      return tx
        .insert(n)
        .values(
          userIds.map((userId) => ({
            userId,
            type: input.type,
            actorName: input.actorName,
            title: input.title,
            documentId: input.documentId ?? null,
            projectId: input.projectId ?? null,
            commentId: input.commentId ?? null,
          })),
        )
        .returning();
    });
    // Pushes are best effort: the notification is stored, and the list shows it on the next load.
    await Promise.all(
      rows.map((row) => {
        const event: UsageEvent = { userId: row.userId, notification: toNotification(row) };
        return this.redis.publish(usageChannel(this.config.DATABASE_URL, row.userId), JSON.stringify(event)).catch((err: unknown) => {
          this.logger.warn({ err, userId: row.userId }, 'could not push a notification');
        });
      }),
    );
  }

  /** The user's notifications, newest first, a page at a time (`before` the last id seen). */
  async list(userId: number, before?: number): Promise<NotificationsPage> {
    const rows = await this.db
      .select()
      .from(n)
      .where(and(eq(n.userId, userId), before === undefined ? undefined : lt(n.id, before)))
      .orderBy(desc(n.id))
      .limit(NOTIFICATIONS_PAGE_SIZE + 1);
    const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
    const last = page[page.length - 1];
    return { items: page.map(toNotification), unread: await this.unread(userId), nextBefore: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? last.id : null };
  }

  /** Marks some (only the user's own) or all of the user's notifications read; answers the unread count. */
  async markRead(userId: number, which: { ids: number[] } | { all: true }): Promise<{ unread: number }> {
    const mine = and(eq(n.userId, userId), isNull(n.readAt));
    await this.db
      .update(n)
      .set({ readAt: new Date() })
      .where('ids' in which ? and(mine, inArray(n.id, which.ids)) : mine);
    await this.prune(this.db, [userId]);
    return { unread: await this.unread(userId) };
  }

  /** Deletes these users' notifications read more than NOTIFICATIONS_READ_RETENTION_DAYS ago. */
  private async prune(db: Pick<Database<typeof tables>, 'delete'>, userIds: number[]): Promise<void> {
    await db.delete(n).where(and(inArray(n.userId, userIds), lt(n.readAt, sql`now() - make_interval(days => ${this.config.NOTIFICATIONS_READ_RETENTION_DAYS})`)));
  }

  private async unread(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(n)
      .where(and(eq(n.userId, userId), isNull(n.readAt)));
    return row?.value ?? 0;
  }
}
