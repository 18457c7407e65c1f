import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, CONFIG, DB, notFound, REDIS, type Database } from '@prd/kit';
import { ErrorCode, LIMIT_MESSAGES, type Usage, type UsageEvent, type UsageKind } from '@prd/proto';
import * as tables from '../db/schema.js';
import type { Config } from '../config.js';
import { usageChannel } from './usage-channel.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import { limitsFor, monthOf, tierOf } from './limits.js';

/** Monthly usage (docs/decisions/0005-users-guests-and-limits.md): counted in PostgreSQL per usage account, month and kind; consumption is one atomic statement. */
@Injectable()
export class UsageService {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: Config,
    private readonly users: UsersService,
  ) {}

  /** The month's usage and limits of a user; an anonymous visitor sees a guest's limits and nothing used. */
  async usageOf(user: UserRow | null, now = new Date()): Promise<Usage> {
    const limits = limitsFor(tierOf(user), this.config);
    if (!user) return { docs: 0, messages: 0, limits };
    const c = tables.usageCounters;
    const rows = await this.db
      .select({ kind: c.kind, count: c.count })
      .from(c)
      .where(and(eq(c.accountId, user.id), eq(c.month, monthOf(now))));
    const count = (kind: UsageKind) => rows.find((r) => r.kind === kind)?.count ?? 0;
    return { docs: count('docs'), messages: count('messages'), limits };
  }

  /**
   * Takes `count` units of the month's allowance, all or none. The increment and the limit check are a single
   * statement, so concurrent consumptions (on any replica) can never pass the limit. Over it: 429 LIMIT_EXCEEDED.
   */
  async consume(userId: number, kind: UsageKind, count = 1): Promise<Usage> {
    const user = await this.requireUser(userId);
    const limits = limitsFor(tierOf(user), this.config);
    const limit = limits[kind];
    const account = user.id;
    const month = monthOf(new Date());
    let taken: number | null = null;
    let others: Array<{ kind: string; count: number }> = [];
    if (limit === null || limit >= count) {
      // The increment and, in the same statement, the month's other counters for the answer: one round trip.
      const result = await this.db.execute(sql`
        WITH taken AS (
          INSERT INTO usage_counters (account_id, month, kind, count) VALUES (${account}, ${month}, ${kind}, ${count})
          ON CONFLICT (account_id, month, kind) DO UPDATE SET count = usage_counters.count + ${count}
          ${limit === null ? sql`` : sql`WHERE usage_counters.count + ${count} <= ${limit}`}
          RETURNING kind, count
        )
        SELECT kind, count, true AS taken FROM taken
        UNION ALL
        SELECT kind, count, false FROM usage_counters WHERE account_id = ${account} AND month = ${month} AND kind <> ${kind}`);
      const rows = result.rows as Array<{ kind: string; count: number; taken: boolean }>;
      const row = rows.find((r) => r.taken);
      if (row) taken = Number(row.count);
      others = rows.filter((r) => !r.taken);
    }
    if (taken === null) {
      throw new AppError(429, { code: ErrorCode.LIMIT_EXCEEDED, ...LIMIT_MESSAGES[kind], limit: kind, usage: await this.usageOf(user) });
    }
    await this.announce(userId);
    const countOf = (other: UsageKind) => (other === kind ? taken : Number(others.find((r) => r.kind === other)?.count ?? 0));
    // This consumption's own count, not whatever concurrent ones have added since.
    return { docs: countOf('docs'), messages: countOf('messages'), limits };
  }

  /** Gives back `count` units taken for work that then failed; never below zero. */
  async refund(userId: number, kind: UsageKind, count = 1): Promise<Usage> {
    const user = await this.requireUser(userId);
    const c = tables.usageCounters;
    const result = await this.db
      .update(c)
      .set({ count: sql`greatest(${c.count} - ${count}, 0)` })
      .where(and(eq(c.accountId, user.id), eq(c.month, monthOf(new Date())), eq(c.kind, kind), sql`${c.count} > 0`))
      .returning({ count: c.count });
    if (result.length > 0) await this.announce(userId);
    return this.usageOf(user);
  }

  /** Tells the identity replicas holding this user's sockets (docs/decisions/0002-shared-redis.md) that their usage changed, so /ws-general pushes usage_update. */
  async announce(userId: number): Promise<void> {
    const event: UsageEvent = { userId, committedAt: Date.now() };
    await this.redis.publish(usageChannel(this.config.DATABASE_URL, userId), JSON.stringify(event));
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await this.users.findActive(userId);
    if (!user) throw notFound('User not found');
    return user;
  }
}
