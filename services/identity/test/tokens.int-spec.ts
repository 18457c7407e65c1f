import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import pg from 'pg';
import supertest from 'supertest';
import { browserRequest as request } from '@prd/kit/testing';
import { startIdentityWithContent } from '@prd/testing/content';
import { cookieOf, signUp, startIdentity, type IdentityService, type TestUser } from '@prd/testing/identity';

const RATE_LIMIT = 15;
const READ_ONLY = 'This API token is read-only: create a read-write token to make changes';
const INVALID = 'Invalid, expired or revoked API token';
const SESSION_REQUIRED = 'API tokens cannot manage API tokens or the account: sign in to PRD Studio in the browser to do this';

describe('personal access tokens (docs/decisions/0015-programmatic-access.md)', () => {
  let a: IdentityService;
  /** A second replica: same database, Redis and secrets. */
  let b: IdentityService;
  let stack: Awaited<ReturnType<typeof startIdentityWithContent>>;
  let db: pg.Client;
  let user: TestUser;

  beforeAll(async () => {
    // With the content service, which deleting an account asks to erase the user's shares first.
    stack = await startIdentityWithContent({ TOKEN_REQUESTS_PER_MINUTE: String(RATE_LIMIT) });
    a = stack.identity;
    b = await startIdentity({
      TOKEN_REQUESTS_PER_MINUTE: String(RATE_LIMIT),
      DATABASE_URL: a.config.DATABASE_URL,
      SESSION_SECRET: a.config.SESSION_SECRET,
      ENCRYPTION_KEY: a.config.ENCRYPTION_KEY,
    });
    db = new pg.Client({ connectionString: a.config.DATABASE_URL });
    await db.connect();
    user = await signUp(a);
  });
  afterAll(async () => {
    await db.end();
    await b.close();
    await stack.close();
  });

  const create = async (body: Record<string, unknown>, who: TestUser = user) => {
    const res = await request(a.url).post('/api/tokens').set('Cookie', who.cookie).send(body).expect(201);
    return res.body as { id: number; token: string; name: string; scope: string; prefix: string; expiresAt: string | null; lastUsedAt: string | null };
  };
  /** A call as a script makes it: the token, no cookie, no Origin. */
  const bearer = (url: string, token: string) => ({
    get: (path: string) => supertest(url).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string) => supertest(url).post(path).set('Authorization', `Bearer ${token}`),
    delete: (path: string) => supertest(url).delete(path).set('Authorization', `Bearer ${token}`),
  });

  it('are for registered users: guests and anonymous visitors get 403 ACCOUNT_REQUIRED', async () => {
    const guest = await request(a.url).post('/api/feedback').send({ content: 'hi' }).expect(201);
    const cookie = cookieOf(guest);
    for (const res of [
      await request(a.url).get('/api/tokens').set('Cookie', cookie),
      await request(a.url).post('/api/tokens').set('Cookie', cookie).send({ name: 'ci', scope: 'read' }),
      await request(a.url).post('/api/tokens').send({ name: 'ci', scope: 'read' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'ACCOUNT_REQUIRED', message: 'Sign up required', description: 'Create an account to use API tokens.' });
    }
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scope: 'read' }, 'Token name is required'],
      [{ name: '  ', scope: 'read' }, 'Token name is required'],
      [{ name: 'x', scope: 'admin' }, 'Scope must be read or read-write'],
      [{ name: 'x', scope: 'read', expiresAt: 'tomorrow' }, 'expiresAt must be an ISO date and time, e.g. 2030-01-31T00:00:00Z'],
      [{ name: 'x', scope: 'read', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt must be in the future'],
    ];
    for (const [body, message] of cases) {
      const res = await request(a.url).post('/api/tokens').set('Cookie', user.cookie).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('show the secret once, store only its SHA-256, and list without it', async () => {
    const created = await create({ name: 'Laptop', scope: 'read' });
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Laptop',
      scope: 'read',
      token: expect.stringMatching(/^prd_[A-Za-z0-9_-]{43}$/),
      prefix: created.token.slice(0, 8),
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
    });
    const list = await request(a.url).get('/api/tokens').set('Cookie', user.cookie).expect(200);
    expect(list.text).not.toContain(created.token);
    expect(list.body).toContainEqual({ ...created, token: undefined });

    const { rows } = await db.query('SELECT * FROM api_tokens');
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(created.token);
    expect(stored).not.toContain(created.token.slice(8, 30));
    const row = rows.find((r: { id: number }) => r.id === created.id) as { token_hash: string };
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
  });

  it('authenticate bearer calls as their user; a read token may only read', async () => {
    const read = await create({ name: 'read', scope: 'read' });
    const me = await bearer(a.url, read.token).get('/api/current-user').expect(200);
    expect(me.body).toMatchObject({ id: user.id });
    // No cookie, no Origin: exempt from the Origin check, then refused for its scope.
    const write = await bearer(a.url, read.token).post('/api/feedback').send({ content: 'from a script' }).expect(403);
    expect(write.body).toEqual({ code: 'FORBIDDEN', message: READ_ONLY });

    const readWrite = await create({ name: 'rw', scope: 'read-write' });
    await bearer(a.url, readWrite.token).post('/api/feedback').send({ content: 'from a script' }).expect(201);
    // A bearer call that also carries a cookie is a browser's, and checked like one.
    const withCookie = await bearer(a.url, readWrite.token).post('/api/feedback').set('Cookie', user.cookie).send({ content: 'x' }).expect(403);
    expect(withCookie.body).toMatchObject({ message: 'Cross-site request refused' });
    // Without a bearer token a cookie-less call is not exempt either.
    await supertest(a.url).post('/api/feedback').send({ content: 'x' }).expect(403);
  });

  it('cannot mint tokens or act on the account: a short-lived read-write token gets 403 there, with or without the cookie', async () => {
    const owner = await signUp(a);
    const rw = await create({ name: 'two minutes', scope: 'read-write', expiresAt: new Date(Date.now() + 120_000).toISOString() }, owner);
    const other = await create({ name: 'other', scope: 'read' }, owner);
    const token = bearer(a.url, rw.token);
    const calls = [
      () => token.post('/api/tokens').send({ name: 'forever', scope: 'read-write' }),
      () => token.get('/api/tokens'),
      () => token.delete(`/api/tokens/${other.id}`),
      () => token.post('/api/settings/api-key').send({ apiKey: 'sk-test-0123456789abcdef' }),
      () => token.delete('/api/settings/api-key'),
      () => token.delete('/api/account'),
    ];
    for (const call of calls) {
      for (const res of [await call(), await call().set('Cookie', owner.cookie).set('Origin', a.url)]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: 'FORBIDDEN', message: SESSION_REQUIRED });
      }
    }
    // Nothing changed: the same two tokens, the account alive, and the token still works where it may.
    const { rows } = await db.query('SELECT id FROM api_tokens WHERE user_id = $1 ORDER BY id', [owner.id]);
    expect(rows.map((r: { id: number }) => r.id)).toEqual([rw.id, other.id]);
    await token.post('/api/feedback').send({ content: 'still mine' }).expect(201);
    await request(a.url).get('/api/tokens').set('Cookie', owner.cookie).expect(200);
  });

  it('refuse unknown and malformed tokens with 401 naming the Bearer scheme', async () => {
    for (const header of [`Bearer prd_${'A'.repeat(43)}`, 'Bearer not-a-token', 'Bearer ']) {
      const res = await supertest(a.url).get('/api/current-user').set('Authorization', header).expect(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: INVALID });
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });

  it('stop working once expired, and note when they were last used', async () => {
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const token = await create({ name: 'ci', scope: 'read', expiresAt: soon });
    expect(Date.parse(token.expiresAt!)).toBe(Date.parse(soon));
    await bearer(a.url, token.token).get('/api/settings').expect(200);
    const listed = (await request(a.url).get('/api/tokens').set('Cookie', user.cookie).expect(200)).body as Array<{ id: number; lastUsedAt: string | null }>;
    expect(listed.find((t) => t.id === token.id)?.lastUsedAt).toEqual(expect.any(String));

    const other = await create({ name: 'expired', scope: 'read', expiresAt: soon });
    await db.query("UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [other.id]);
    const res = await bearer(b.url, other.token).get('/api/settings').expect(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: INVALID });
  });

  it('stop working at once on every replica when revoked', async () => {
    const token = await create({ name: 'revoke me', scope: 'read' });
    // Both replicas have checked (and remembered) the token.
    await bearer(a.url, token.token).get('/api/settings').expect(200);
    await bearer(b.url, token.token).get('/api/settings').expect(200);
    await request(a.url).delete(`/api/tokens/${token.id}`).set('Cookie', user.cookie).expect(204);
    await bearer(b.url, token.token).get('/api/settings').expect(401);
    await bearer(a.url, token.token).get('/api/settings').expect(401);
    const again = await request(a.url).delete(`/api/tokens/${token.id}`).set('Cookie', user.cookie).expect(404);
    expect(again.body).toEqual({ code: 'NOT_FOUND', message: 'Token not found' });
  });

  it('cannot be listed or revoked by another user', async () => {
    const token = await create({ name: 'mine', scope: 'read' });
    const other = await signUp(a);
    const list = await request(a.url).get('/api/tokens').set('Cookie', other.cookie).expect(200);
    expect(list.body).toEqual([]);
    await request(a.url).delete(`/api/tokens/${token.id}`).set('Cookie', other.cookie).expect(404);
    await bearer(a.url, token.token).get('/api/settings').expect(200);
  });

  it('are rate-limited per token with a 429 and Retry-After', async () => {
    const busy = await create({ name: 'busy', scope: 'read' });
    const calm = await create({ name: 'calm', scope: 'read' });
    for (let i = 0; i < RATE_LIMIT; i++)
      await bearer(i % 2 ? a.url : b.url, busy.token)
        .get('/api/settings')
        .expect(200);
    const refused = await bearer(a.url, busy.token).get('/api/settings').expect(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests with this API token. Please wait a moment and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await bearer(a.url, calm.token).get('/api/settings').expect(200);
  });

  it('die with the account', async () => {
    const owner = await signUp(a);
    const token = await create({ name: 'doomed', scope: 'read-write' }, owner);
    await bearer(b.url, token.token).get('/api/settings').expect(200);
    await request(a.url).delete('/api/account').set('Cookie', owner.cookie).expect(200);
    await bearer(b.url, token.token).get('/api/settings').expect(401);
    const { rows } = await db.query('SELECT id FROM api_tokens WHERE user_id = $1', [owner.id]);
    expect(rows).toEqual([]);
  });
});
