import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { DB, type Database } from '@prd/kit';
import type { ChatMessage } from '@prd/proto';
import * as tables from '../db/schema.js';
import type { Turn } from '../ai/ai-task.js';
import type { Replaces } from '../jobs/ai-job.js';

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
    stopped: row.stopped,
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

/**
 * A scope's messages. A message has at most one scope column set (scopeColumns), so naming the others' nulls selects the same rows;
 * it lets PostgreSQL read a scope's latest messages in order from the scope's own index (schema.ts) instead of sorting all of them.
 */
function scopeWhere(userId: number, scope: ChatScope): SQL {
  if ('threadId' in scope) return and(eq(m.userId, userId), eq(m.threadId, scope.threadId))!;
  if ('documentId' in scope) return and(eq(m.userId, userId), eq(m.documentId, scope.documentId), isNull(m.projectId), isNull(m.threadId))!;
  if ('projectId' in scope) return and(eq(m.userId, userId), isNull(m.documentId), eq(m.projectId, scope.projectId), isNull(m.threadId))!;
  return and(eq(m.userId, userId), isNull(m.documentId), isNull(m.projectId), isNull(m.threadId))!;
}

export interface Exchange {
  jobId: string;
  userId: number;
  scope: ChatScope;
  userContent: string;
  assistant: { content: string; provider: string | null; model: string | null };
  /** The client stopped the reply: its text is what was written until then (docs/decisions/0014-streaming-replies.md). */
  stopped?: boolean;
  /** A regenerated reply: the user's message is kept (it moves to this job) and its old reply is deleted. */
  replaces?: Replaces;
}

@Injectable()
export class MessagesRepository {
  constructor(@Inject(DB) private readonly db: Database<typeof tables>) {}

  /** A scope's messages, oldest first. */
  async list(userId: number, scope: ChatScope): Promise<ChatMessage[]> {
    const rows = await this.db.select().from(m).where(scopeWhere(userId, scope)).orderBy(asc(m.createdAt), asc(m.id));
    return rows.map(toMessage);
  }

  /** The last `limit` messages of a scope as conversation turns, oldest first; only those before message `beforeId` if given. */
  async history(userId: number, scope: ChatScope, limit = 20, beforeId?: number): Promise<Turn[]> {
    const rows = await this.historyQuery(userId, scope, limit, beforeId);
    return rows.reverse().flatMap((r) => (r.role === 'system' ? [] : [{ role: r.role, content: r.content }]));
  }

  /** The statement `history` runs, newest first (its plan is tested: it reads `limit` rows of the scope's index). */
  historyQuery(userId: number, scope: ChatScope, limit: number, beforeId?: number) {
    return this.db
      .select({ role: m.role, content: m.content })
      .from(m)
      .where(beforeId === undefined ? scopeWhere(userId, scope) : and(scopeWhere(userId, scope), lt(m.id, beforeId)))
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(limit);
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
   * job conflicts on (job_id, role) and writes nothing (docs/decisions/0007-ai-jobs-on-bullmq.md).
   */
  async writeExchange(tx: Tx, exchange: Exchange): Promise<{ user: ChatMessage; assistant: ChatMessage }> {
    const scope = scopeColumns(exchange.scope);
    const base = { userId: exchange.userId, jobId: exchange.jobId, ...scope };
    const { replaces } = exchange;
    const already = replaces
      ? await tx
          .select({ id: m.id })
          .from(m)
          .where(and(eq(m.jobId, exchange.jobId), eq(m.role, 'assistant')))
      : [];
    if (replaces && already.length === 0) {
      // Regenerate (docs/decisions/0014-streaming-replies.md): the old reply is deleted, the question it answered now belongs to this job.
      await tx.delete(m).where(and(eq(m.userId, exchange.userId), eq(m.id, replaces.assistantMessageId)));
      await tx
        .update(m)
        .set({ jobId: exchange.jobId })
        .where(and(eq(m.userId, exchange.userId), eq(m.id, replaces.userMessageId)));
    }
    const reply = {
      ...base,
      role: 'assistant' as const,
      content: exchange.assistant.content,
      provider: exchange.assistant.provider,
      model: exchange.assistant.model,
      stopped: exchange.stopped ?? false,
      // The reply sorts after the question even within the same transaction timestamp.
      createdAt: sql`now() + interval '1 millisecond'`,
    };
    const inserted = await tx
      .insert(m)
      .values(replaces ? [reply] : [{ ...base, role: 'user', content: exchange.userContent }, reply])
      .onConflictDoNothing({ target: [m.jobId, m.role] })
      .returning();
    if (scope.threadId !== null)
      await tx
        .update(tables.chatThreads)
        .set({ updatedAt: sql`now()` })
        .where(eq(tables.chatThreads.id, scope.threadId));
    // Both rows are new in the usual case; a regenerated question or a duplicate delivery reads what is stored.
    const rows = inserted.length === 2 ? inserted : await tx.select().from(m).where(eq(m.jobId, exchange.jobId));
    const user = rows.find((r) => r.role === 'user')!;
    const assistant = rows.find((r) => r.role === 'assistant')!;
    return { user: toMessage(user), assistant: toMessage(assistant) };
  }

  /** Adds `note` to an assistant reply written in this transaction (what of its edit could not be applied). */
  async appendToReply(tx: Tx, reply: ChatMessage, note: string): Promise<ChatMessage> {
    const content = `${reply.content}${note}`;
    await tx.update(m).set({ content }).where(eq(m.id, reply.id));
    return { ...reply, content };
  }

  /** The last user message of a scope and the assistant reply after it, if the scope ends with such a pair (regenerate). */
  async lastExchange(userId: number, scope: ChatScope): Promise<{ user: ChatMessage; assistant: ChatMessage } | null> {
    const rows = await this.db.select().from(m).where(scopeWhere(userId, scope)).orderBy(desc(m.createdAt), desc(m.id)).limit(2);
    const [assistant, user] = rows;
    if (assistant?.role !== 'assistant' || user?.role !== 'user') return null;
    return { user: toMessage(user), assistant: toMessage(assistant) };
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
