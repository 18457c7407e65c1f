import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import pino from 'pino';
import { createPool } from '../src/database/postgres.js';
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
      let failure: unknown;
      try {
        await client.query('SELECT 1');
      } catch (err) {
        failure = err;
      }
      expect(toErrorResponse(failure).status).toBe(503);
      client.release();
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
