import { fillPlaceholders, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from '@prd/kit';
import type * as tables from './schema.js';
import { documents } from './schema.js';

export type ContentDb = Database<typeof tables>;
/** A transaction on the content database. */
export type ContentTx = Parameters<Parameters<ContentDb['transaction']>[0]>[0];
/** Either: queries that may run inside a caller's transaction take this. */
export type Executor = ContentDb | ContentTx;

/** A document's columns but its live Yjs state, a blob only the collaboration server reads (docs/decisions/0022-co-editing-with-hocuspocus.md). */
const { yjsState, ...documentColumns } = getTableColumns(documents);
export { documentColumns };
export type DocumentRow = Omit<typeof documents.$inferSelect, 'yjsState'>;

/**
 * A timestamp as the API's ISO 8601 text (UTC, milliseconds), formatted by PostgreSQL: the lists skip
 * a `Date` per value and its `toISOString()`, which were a tenth of a list's CPU. Like `Date`, it
 * keeps the milliseconds and drops the microseconds (to_char's MS truncates).
 */
export const isoTime = (column: PgColumn): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A query drizzle wrote, run as a named prepared statement on the pool in array mode: for the hot lists,
 * whose rows are read by position, because drizzle's generic row mapping was a tenth of their CPU.
 */
export function arrayStatement<Row extends unknown[]>(pool: pg.Pool, name: string, query: { sql: string; params: unknown[] }): (values: Record<string, unknown>) => Promise<Row[]> {
  const statement = { name, text: query.sql, rowMode: 'array' } as const;
  return async (values) => (await pool.query<Row>(statement, fillPlaceholders(query.params, values))).rows;
}
