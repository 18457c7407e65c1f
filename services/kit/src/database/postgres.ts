import pg from 'pg';
import type { Logger } from 'pino';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { existsSync } from 'node:fs';

export type Database<S extends Record<string, unknown> = Record<string, unknown>> = NodePgDatabase<S>;

export function createPool(url: string, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    // A query stuck behind a dead server must fail instead of holding the request forever.
    query_timeout: 15_000,
  });
  // An idle client losing its server (PostgreSQL restart) emits here; without a listener the process would exit.
  pool.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL client error'));
  // So can a checked-out client between two queries (inside a transaction waiting on another call): its next
  // query then fails (503 for the request) and the pool drops it on release, instead of the process dying.
  pool.on('connect', (client) => client.on('error', (err) => logger.warn({ err: err.message }, 'PostgreSQL connection lost while in use')));
  return pool;
}

/** A fixed key per database: concurrent replicas wait for one another instead of racing the migrations. */
const MIGRATION_LOCK_KEY = 727_274_001;

/** Applies the service's committed drizzle-kit migrations under an advisory lock. */
export async function migrateWithLock(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  if (!existsSync(migrationsFolder)) throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
