import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { MessagesRepository, type ChatScope } from '../src/messages/messages.repository.js';
import { startChatStack, type ChatStack } from './support/chat-stack.js';

/** Messages in each scope: a long chat, which a reply's history must not read whole. */
const MESSAGES_PER_SCOPE = 2_000;
const HISTORY = 20;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** The plan's nodes that read the table (scans), depth first. */
const scans = (node: PlanNode): PlanNode[] => [...(/Scan/.test(node['Node Type']) ? [node] : []), ...(node.Plans ?? []).flatMap(scans)];

describe("a reply's history", () => {
  let stack: ChatStack;
  let db: pg.Client;
  const userId = 9_000_001;
  let threadId: number;

  beforeAll(async () => {
    stack = await startChatStack({ worker: false });
    db = new pg.Client({ connectionString: stack.chat.config.DATABASE_URL });
    await db.connect();
    threadId = (await db.query<{ id: number }>(`insert into chat_threads (user_id, title) values ($1, 'Long thread') returning id`, [userId])).rows[0]!.id;
    // Every scope's messages, interleaved in time as a user's chats are, the same second for many of them (the order's tie-break).
    await db.query(
      `insert into chat_messages (user_id, thread_id, document_id, project_id, role, content, created_at)
       select $1, case s when 0 then $2::int end, case s when 1 then 7 end, case s when 2 then 3 end,
              case when g % 2 = 0 then 'user' else 'assistant' end, 'message ' || g, now() - (g / 10) * interval '1 second'
       from generate_series(1, $3::int) g, generate_series(0, 3) s`,
      [userId, threadId, MESSAGES_PER_SCOPE],
    );
    await db.query('analyze chat_messages');
  }, 60_000);

  afterAll(async () => {
    await db.end();
    await stack.close();
  }, 60_000);

  const scopes: Array<[string, () => ChatScope]> = [
    ['a thread', () => ({ threadId })],
    ['a document chat', () => ({ documentId: 7 })],
    ['a project chat', () => ({ projectId: 3 })],
    ['the general chat', () => ({ general: true })],
  ];

  it.each(scopes)('in %s reads only the latest messages, from the scope’s index, however long the chat', async (_name, scope) => {
    const { sql, params } = stack.chat.app.get(MessagesRepository).historyQuery(userId, scope(), HISTORY).toSQL();
    const [{ 'QUERY PLAN': plans }] = (await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (analyze, format json) ${sql}`, params)).rows as [
      { 'QUERY PLAN': Array<{ Plan: PlanNode }> },
    ];
    const [scan, ...others] = scans(plans[0]!.Plan);
    expect(others).toEqual([]);
    expect(scan!['Node Type']).toBe('Index Scan');
    expect(scan!['Actual Rows']).toBe(HISTORY);
  });

  it.each(scopes)('in %s is the scope’s latest messages, oldest first, as a plain query of the scope finds them', async (_name, scope) => {
    const turns = await stack.chat.app.get(MessagesRepository).history(userId, scope(), HISTORY);
    const { rows } = await db.query<{ content: string }>(
      `select content from chat_messages where user_id = $1 and ${scopeSql(scope())} order by created_at desc, id desc limit ${HISTORY}`,
      [userId, ...scopeParams(scope())],
    );
    expect(turns.map((t) => t.content)).toEqual(rows.map((r) => r.content).reverse());
    expect(turns).toHaveLength(HISTORY);
  });
});

function scopeSql(scope: ChatScope): string {
  if ('threadId' in scope) return 'thread_id = $2';
  if ('documentId' in scope) return 'document_id = $2 and thread_id is null';
  if ('projectId' in scope) return 'project_id = $2 and thread_id is null';
  return 'thread_id is null and document_id is null and project_id is null';
}

function scopeParams(scope: ChatScope): number[] {
  if ('threadId' in scope) return [scope.threadId];
  if ('documentId' in scope) return [scope.documentId];
  if ('projectId' in scope) return [scope.projectId];
  return [];
}
