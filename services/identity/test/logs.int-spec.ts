import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createLogger } from '@prd/kit';
import { browserRequest as request } from '@prd/kit/testing';
import { startIdentity, type IdentityService } from '@prd/testing/identity';

describe('logs of a failing database write', () => {
  let svc: IdentityService;
  const lines: string[] = [];

  beforeAll(async () => {
    svc = await startIdentity({}, createLogger('identity', 'info', { write: (line: string) => void lines.push(line) }));
    // Any insert into users now fails inside PostgreSQL, as a broken constraint or a full disk would.
    const db = new pg.Client({ connectionString: svc.config.DATABASE_URL });
    await db.connect();
    await db.query(`CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await db.query('CREATE TRIGGER refuse_insert BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_insert()');
    await db.end();
  });
  afterAll(() => svc.close());

  it("logs a failed sign-up's operation and table, never its email or password hash", async () => {
    const email = 'logged.nowhere@example.com';
    const res = await request(svc.url).post('/api/register').send({ username: 'loggednowhere', email, password: 'a-secret-password' }).expect(500);
    expect(res.body).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
    const failed = lines.map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> }).find((l) => l.msg === 'request failed');
    expect(failed?.err).toMatchObject({ operation: 'insert', table: 'users', code: 'P0001' });
    const all = lines.join('\n');
    expect(all).not.toContain(email);
    expect(all).not.toContain('loggednowhere');
    expect(all).not.toMatch(/scrypt\$/);
    expect(all).not.toContain('a-secret-password');
  });
});
