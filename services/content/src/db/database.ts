import { getTableColumns } from 'drizzle-orm';
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
