import type { Database } from '@prd/kit';
import type * as tables from './schema.js';

export type ContentDb = Database<typeof tables>;
/** A transaction on the content database. */
export type ContentTx = Parameters<Parameters<ContentDb['transaction']>[0]>[0];
/** Either: queries that may run inside a caller's transaction take this. */
export type Executor = ContentDb | ContentTx;
