import pg from 'pg';
import type { Logger } from 'pino';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { existsSync } from 'node:fs';

export type Database<S extends Record<string, unknown> = Record<string, unknown>> = NodePgDatabase<S>;

/**
 * PostgreSQL could not be reached for a connection. The pool's own failures (a connect timeout, a
 * server closing the socket mid-handshake) carry no class or code, so the pool gives them this one.
 */
export class DatabaseConnectionError extends Error {
  constructor(cause: unknown) {
    super('Could not connect to PostgreSQL', { cause });
    this.name = 'DatabaseConnectionError';
  }
}

/** A server's refusal (bad password, too many connections...) keeps its SQLSTATE; anything else is a lost connection. */
const connectionError = (err: unknown) => (err instanceof pg.DatabaseError ? err : new DatabaseConnectionError(err));

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** A pool whose connection failures are DatabaseConnectionErrors, for its queries (pool.query connects through this) and transactions alike. */
class ServicePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) {
      return super.connect().catch((err: unknown) => {
        throw connectionError(err);
      });
    }
    super.connect((err, client, done) => callback(err && connectionError(err), client, done));
  }
}

export function createPool(url: string, logger: Logger): pg.Pool {
  const pool = new ServicePool({
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
