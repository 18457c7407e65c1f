import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createPool, DatabaseConnectionError } from '../src/database/postgres.js';
import { toErrorResponse } from '../src/errors/to-error-response.js';
import { createTestDatabase } from '../src/testing/index.js';

describe('PostgreSQL pool', () => {
  it('survives the server dropping a connection that is checked out between two queries', async () => {
    const url = await createTestDatabase('pool');
    const pool = createPool(url, pino({ level: 'silent' }));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // What a PostgreSQL restart does to every connection: without a listener the 'error' event would end the process.
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((r) => setTimeout(r, 200));
      // The services query through drizzle, which reports pg's bare "not queryable" Error as a query without an answer.
      const failure = await drizzle(client)
        .execute(sql`SELECT 1`)
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(DrizzleQueryError);
      expect(toErrorResponse(failure).status).toBe(503);
      client.release();
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });

  it('gives a connection PostgreSQL never accepts a DatabaseConnectionError, so queries and transactions answer 503', async () => {
    // A port nothing listens on: what every connection attempt meets while PostgreSQL restarts.
    const pool = createPool('postgres://nobody@127.0.0.1:9/none', pino({ level: 'silent' }));
    try {
      const checkout = await pool.connect().catch((err: unknown) => err);
      expect(checkout).toBeInstanceOf(DatabaseConnectionError);
      expect(toErrorResponse(checkout).status).toBe(503);
      const db = drizzle(pool);
      const query = await db.execute(sql`SELECT 1`).catch((err: unknown) => err);
      expect(toErrorResponse(query).status).toBe(503);
      const transaction = await db.transaction(async (tx) => tx.execute(sql`SELECT 1`)).catch((err: unknown) => err);
      expect(transaction).toBeInstanceOf(DatabaseConnectionError);
      expect(toErrorResponse(transaction).status).toBe(503);
    } finally {
      await pool.end();
    }
  });
});
