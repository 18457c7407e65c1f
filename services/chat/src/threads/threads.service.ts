import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DB, notFound, type Database } from '@prd/kit';
import { AUTO_TITLE_FALLBACK, DEFAULT_THREAD_TITLE, type ChatThread, type ThreadDetail } from '@prd/proto';
import * as tables from '../db/schema.js';
import { MessagesRepository } from '../messages/messages.repository.js';

const t = tables.chatThreads;
type ThreadRow = typeof t.$inferSelect;

const toThread = (r: Pick<ThreadRow, 'id' | 'title' | 'updatedAt'>): ChatThread => ({ id: r.id, title: r.title, updatedAt: r.updatedAt.toISOString() });

/** docs/product.md §5: a blank thread title becomes 'New conversation'. */
export const threadTitle = (title: string | undefined) => title?.trim().slice(0, 200) || DEFAULT_THREAD_TITLE;

/** Chat threads, always scoped by their owner: another user's thread is 404. */
@Injectable()
export class ThreadsService {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    private readonly messages: MessagesRepository,
  ) {}

  async list(userId: number): Promise<ChatThread[]> {
    const rows = await this.db.select({ id: t.id, title: t.title, updatedAt: t.updatedAt }).from(t).where(eq(t.userId, userId)).orderBy(desc(t.updatedAt), desc(t.id));
    return rows.map(toThread);
  }

  async create(userId: number, title: string | undefined): Promise<ChatThread> {
    const [row] = await this.db
      .insert(t)
      .values({ userId, title: threadTitle(title) })
      .returning();
    return toThread(row!);
  }

  async get(userId: number, id: number): Promise<ChatThread> {
    const [row] = await this.db
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.userId, userId)));
    if (!row) throw notFound('Thread not found');
    return toThread(row);
  }

  async detail(userId: number, id: number): Promise<ThreadDetail> {
    const thread = await this.get(userId, id);
    return { thread, messages: await this.messages.list(userId, { threadId: id }) };
  }

  async rename(userId: number, id: number, title: string | undefined): Promise<ChatThread> {
    const [row] = await this.db
      .update(t)
      .set({ title: threadTitle(title), autoTitledAt: null, updatedAt: sql`now()` })
      .where(and(eq(t.id, id), eq(t.userId, userId)))
      .returning();
    if (!row) throw notFound('Thread not found');
    return toThread(row);
  }

  async remove(userId: number, id: number): Promise<void> {
    const rows = await this.db
      .delete(t)
      .where(and(eq(t.id, id), eq(t.userId, userId)))
      .returning({ id: t.id });
    if (!rows.length) throw notFound('Thread not found');
  }

  /**
   * Claims the thread's one auto-title for its current title: true the first time, false when
   * auto-title already ran since the last rename (404 for another user's thread).
   */
  async claimAutoTitle(userId: number, id: number): Promise<boolean> {
    const claimed = await this.db
      .update(t)
      .set({ autoTitledAt: sql`now()` })
      .where(and(eq(t.id, id), eq(t.userId, userId), isNull(t.autoTitledAt)))
      .returning({ id: t.id });
    if (claimed.length) return true;
    await this.get(userId, id);
    return false;
  }

  /** Gives the claim back when auto-title was refused before running (reply cap). */
  async releaseAutoTitle(userId: number, id: number): Promise<void> {
    await this.db
      .update(t)
      .set({ autoTitledAt: null })
      .where(and(eq(t.id, id), eq(t.userId, userId)));
  }

  /** Stores an auto-generated title; a blank one falls back to 'New Conversation' (docs/product.md §8). */
  async setTitle(userId: number, id: number, title: string): Promise<string> {
    const clean = title.trim().slice(0, 80) || AUTO_TITLE_FALLBACK;
    await this.db
      .update(t)
      .set({ title: clean })
      .where(and(eq(t.id, id), eq(t.userId, userId)));
    return clean;
  }
}
