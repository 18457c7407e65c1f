import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DB, type Database } from '@prd/kit';
import type { ChatMessage } from '@prd/proto';
import * as tables from '../db/schema.js';
import type { Turn } from '../ai/ai-task.js';

type Row = typeof tables.chatMessages.$inferSelect;
type Tx = Parameters<Parameters<Database<typeof tables>['transaction']>[0]>[0];

/** Which conversation a message belongs to. */
export type ChatScope = { threadId: number } | { documentId: number } | { projectId: number } | { general: true };

export function toMessage(row: Row): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    threadId: row.threadId,
    documentId: row.documentId,
    projectId: row.projectId,
    provider: row.provider,
    model: row.model,
  };
}

const m = tables.chatMessages;

function scopeColumns(scope: ChatScope) {
  return {
    threadId: 'threadId' in scope ? scope.threadId : null,
    documentId: 'documentId' in scope ? scope.documentId : null,
    projectId: 'projectId' in scope ? scope.projectId : null,
  };
}

function scopeWhere(userId: number, scope: ChatScope): SQL {
  if ('threadId' in scope) return and(eq(m.userId, userId), eq(m.threadId, scope.threadId))!;
  if ('documentId' in scope) return and(eq(m.userId, userId), eq(m.documentId, scope.documentId), isNull(m.threadId))!;
  if ('projectId' in scope) return and(eq(m.userId, userId), eq(m.projectId, scope.projectId), isNull(m.threadId))!;
  return and(eq(m.userId, userId), isNull(m.threadId), isNull(m.documentId), isNull(m.projectId))!;
}

export interface Exchange {
  jobId: string;
  userId: number;
  scope: ChatScope;
  userContent: string;
  assistant: { content: string; provider: string; model: string };
}

@Injectable()
export class MessagesRepository {
  constructor(@Inject(DB) private readonly db: Database<typeof tables>) {}

  /** A scope's messages, oldest first. */
  async list(userId: number, scope: ChatScope): Promise<ChatMessage[]> {
    const rows = await this.db.select().from(m).where(scopeWhere(userId, scope)).orderBy(asc(m.createdAt), asc(m.id));
    return rows.map(toMessage);
  }

  /** The last `limit` messages of a scope as conversation turns, oldest first. */
  async history(userId: number, scope: ChatScope, limit = 20): Promise<Turn[]> {
    const rows = await this.db
      .select({ role: m.role, content: m.content })
      .from(m)
      .where(scopeWhere(userId, scope))
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(limit);
    return rows.reverse().flatMap((r) => (r.role === 'system' ? [] : [{ role: r.role, content: r.content }]));
  }

  /** The user and assistant messages a job already wrote (a retried job finds them and writes nothing). */
  async byJob(jobId: string): Promise<{ user: ChatMessage | null; assistant: ChatMessage | null }> {
    const rows = await this.db.select().from(m).where(eq(m.jobId, jobId));
    const user = rows.find((r) => r.role === 'user');
    const assistant = rows.find((r) => r.role === 'assistant');
    return { user: user ? toMessage(user) : null, assistant: assistant ? toMessage(assistant) : null };
  }

  /**
   * Writes the user's message and the reply together, once per job: a duplicate delivery of the same
   * job conflicts on (job_id, role) and writes nothing (D7).
   */
  async writeExchange(tx: Tx, exchange: Exchange): Promise<{ user: ChatMessage; assistant: ChatMessage }> {
    const scope = scopeColumns(exchange.scope);
    const base = { userId: exchange.userId, jobId: exchange.jobId, ...scope };
    await tx
      .insert(m)
      .values([
        { ...base, role: 'user', content: exchange.userContent },
        // The reply sorts after the question even within the same transaction timestamp.
        { ...base, role: 'assistant', content: exchange.assistant.content, provider: exchange.assistant.provider, model: exchange.assistant.model, createdAt: sql`now() + interval '1 millisecond'` },
      ])
      .onConflictDoNothing({ target: [m.jobId, m.role] });
    if (scope.threadId !== null) await tx.update(tables.chatThreads).set({ updatedAt: sql`now()` }).where(eq(tables.chatThreads.id, scope.threadId));
    const rows = await tx.select().from(m).where(eq(m.jobId, exchange.jobId));
    const user = rows.find((r) => r.role === 'user')!;
    const assistant = rows.find((r) => r.role === 'assistant')!;
    return { user: toMessage(user), assistant: toMessage(assistant) };
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
