import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request, testCallerToken } from '@prd/kit/testing';
import { createHash, randomBytes } from 'node:crypto';
import supertest, { type Response } from 'supertest';
import pg from 'pg';
import { hashPassword } from '../src/security/password.js';
import { startIdentity, type IdentityService } from '@prd/testing/identity';
import { startIdentityWithContent } from '@prd/testing/content';

const sessionCookie = (res: Response): string | undefined =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('prd.sid='))
    ?.split(';')[0];

/** The Fetch Metadata of a top-level navigation, as a browser sends it. */
const navigation = (site: string) => ({ 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': site });

let seq = 0;
const newAccount = () => {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return { username: `user${tag}`, email: `user${tag}@example.com`, password: 'secret-pass' };
};

describe('sign-up and log-in', () => {
  let svc: IdentityService;
  beforeAll(async () => {
    svc = await startIdentity({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000', LOGIN_ATTEMPTS_PER_ADDRESS: '1000' });
  });
  afterAll(() => svc.close());

  describe('validation messages of docs/product.md §5', () => {
    const register = (body: object) => request(svc.url).post('/api/register').send(body).expect(400);
    const login = (body: object) => request(svc.url).post('/api/login').send(body).expect(400);

    it('rejects a short username', async () => {
      const res = await register({ ...newAccount(), username: 'ab' });
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Username must be at least 3 characters' });
    });

    it('rejects an invalid email', async () => {
      const res = await register({ ...newAccount(), email: 'not-an-email' });
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid email address' });
      expect((await register({ ...newAccount(), email: undefined })).body.message).toBe('Invalid email address');
    });

    it('rejects a short password', async () => {
      const res = await register({ ...newAccount(), password: '12345' });
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Password must be at least 6 characters' });
    });

    it('rejects a username that would look like a guest', async () => {
      const res = await register({ ...newAccount(), username: 'guest-abc' });
      expect(res.body.message).toBe('Username cannot start with guest-');
    });

    it('requires a username or email and a password to log in', async () => {
      expect((await login({ username: '', password: 'x' })).body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Username or email is required' });
      expect((await login({ password: 'x' })).body.message).toBe('Username or email is required');
      expect((await login({ username: 'someone', password: '' })).body.message).toBe('Password is required');
      expect((await login({ username: 'someone' })).body.message).toBe('Password is required');
    });
  });

  it('registers, logs the new user in on a fresh session and never answers a password hash', async () => {
    const agent = request.agent(svc.url);
    const account = newAccount();
    const res = await agent
      .post('/api/register')
      .send({ ...account, name: 'Ada Lovelace' })
      .expect(201);
    expect(res.body).toEqual({
      isAuthenticated: true,
      isAnonymous: false,
      id: expect.any(Number),
      username: account.username,
      email: account.email,
      name: 'Ada Lovelace',
      firstName: null,
      lastName: null,
      isGuest: false,
    });
    const me = await agent.get('/api/current-user').expect(200);
    expect(me.body).toEqual(res.body);
    expect(JSON.stringify(me.body)).not.toMatch(/scrypt|password/i);
  });

  it('answers 409 for a taken username or email, whatever the case', async () => {
    const account = newAccount();
    await request(svc.url).post('/api/register').send(account).expect(201);
    const byName = await request(svc.url)
      .post('/api/register')
      .send({ ...newAccount(), username: account.username.toUpperCase() })
      .expect(409);
    expect(byName.body).toEqual({ code: 'CONFLICT', message: 'This username is already taken' });
    const byEmail = await request(svc.url)
      .post('/api/register')
      .send({ ...newAccount(), email: account.email.toUpperCase() })
      .expect(409);
    expect(byEmail.body).toEqual({ code: 'CONFLICT', message: 'An account with this email already exists' });
  });

  it('upgrades a guest in place: same id, no longer a guest, usage kept', async () => {
    const agent = request.agent(svc.url);
    const guestCookie = sessionCookie(await agent.post('/api/feedback').send({ content: 'first write provisions a guest', rating: null }).expect(201));
    const guest = (await agent.get('/api/current-user').expect(200)).body as { id: number; isGuest: boolean; username: string };
    expect(guest.isGuest).toBe(true);
    expect(guest.username).toMatch(/^guest-/);
    await request(svc.url)
      .post('/internal/usage/consume')
      .set({ 'x-internal-token': testCallerToken('content') })
      .send({ userId: guest.id, kind: 'docs' })
      .expect(200);

    const account = newAccount();
    const res = await agent.post('/api/register').send(account).expect(201);
    expect(res.body).toMatchObject({ id: guest.id, username: account.username, isGuest: false });
    expect(sessionCookie(res)).toBeDefined();
    expect(sessionCookie(res)).not.toBe(guestCookie);
    const usage = await agent.get('/api/usage').expect(200);
    expect(usage.body).toEqual({ docs: 1, messages: 0, limits: { docs: null, messages: 200 } });
  });

  it("registers through the settings variant only for the session's own guest", async () => {
    const agent = request.agent(svc.url);
    await agent.post('/api/feedback').send({ content: 'hello' }).expect(201);
    const guest = (await agent.get('/api/current-user')).body as { id: number };
    const account = newAccount();
    const other = await agent
      .post('/api/register')
      .send({ username: account.username, email: account.email, firstName: 'Grace', password: account.password, id: guest.id + 1000 })
      .expect(403);
    expect(other.body).toMatchObject({ code: 'FORBIDDEN' });
    const res = await agent
      .post('/api/register')
      .send({ username: account.username, email: account.email, firstName: 'Grace', password: account.password, id: guest.id })
      .expect(201);
    expect(res.body).toMatchObject({ id: guest.id, firstName: 'Grace', isGuest: false });
    const anonymous = await request(svc.url)
      .post('/api/register')
      .send({ ...newAccount(), firstName: 'X', id: guest.id })
      .expect(403);
    expect(anonymous.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('logs in with the username and with the email, regenerating the session id', async () => {
    const account = newAccount();
    const { body: created } = await request(svc.url).post('/api/register').send(account).expect(201);

    const agent = request.agent(svc.url);
    const before = sessionCookie(await agent.post('/api/feedback').send({ content: 'as a guest' }).expect(201));
    expect(before).toBeDefined();
    const byName = await agent.post('/api/login').send({ username: account.username, password: account.password }).expect(200);
    expect(byName.body).toMatchObject({ id: created.id, username: account.username, isGuest: false });
    const after = sessionCookie(byName);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The old session id no longer names anyone (session fixation, docs/decisions/0009-security.md).
    const stale = await request(svc.url).get('/api/current-user').set('Cookie', before!).expect(200);
    expect(stale.body).toEqual({ isAuthenticated: false, isAnonymous: true });
    expect((await agent.get('/api/current-user')).body).toMatchObject({ id: created.id });

    const byEmail = await request(svc.url).post('/api/login').send({ username: account.email.toUpperCase(), password: account.password }).expect(200);
    expect(byEmail.body).toMatchObject({ id: created.id });
  });

  it('re-makes a password hash of an older cost at the next log-in', async () => {
    const account = newAccount();
    const { body: user } = await request(svc.url).post('/api/register').send(account).expect(201);
    const db = new pg.Client({ connectionString: svc.config.DATABASE_URL });
    await db.connect();
    try {
      const hashOf = async () => (await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id])).rows[0]!.password_hash;
      const cost = 2 ** svc.config.PASSWORD_SCRYPT_LOG_N;
      expect(await hashOf()).toMatch(new RegExp(`^scrypt\\$${cost}\\$8\\$1\\$`));
      // As the account was stored before the cost was raised.
      const old = await hashPassword(account.password, svc.config.PASSWORD_SCRYPT_LOG_N - 1);
      await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [old, user.id]);
      await request(svc.url).post('/api/login').send({ username: account.username, password: account.password }).expect(200);
      const upgraded = await hashOf();
      expect(upgraded).not.toBe(old);
      expect(upgraded).toMatch(new RegExp(`^scrypt\\$${cost}\\$8\\$1\\$`));
      await request(svc.url).post('/api/login').send({ username: account.email, password: account.password }).expect(200);
      await request(svc.url).post('/api/login').send({ username: account.email, password: 'wrong-password' }).expect(401);
    } finally {
      await db.end();
    }
  });

  it('answers 401 with one message for a wrong password and for an unknown user', async () => {
    const account = newAccount();
    await request(svc.url).post('/api/register').send(account).expect(201);
    const wrong = await request(svc.url).post('/api/login').send({ username: account.username, password: 'wrong-password' }).expect(401);
    const unknown = await request(svc.url).post('/api/login').send({ username: 'nobody-here', password: 'wrong-password' }).expect(401);
    expect(wrong.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('logs out by the Log out link: the session is destroyed and the browser goes home', async () => {
    for (const site of ['same-origin', 'none']) {
      const agent = request.agent(svc.url);
      await agent.post('/api/register').send(newAccount()).expect(201);
      const res = await agent.get('/api/logout').set(navigation(site)).expect(302);
      expect(res.headers.location).toBe('/');
      expect((await agent.get('/api/current-user')).body).toEqual({ isAuthenticated: false, isAnonymous: true });
    }
  });

  it('does not log out on a GET that is no navigation of the product: an image, a fetch, a link from another site, no Fetch Metadata', async () => {
    const agent = request.agent(svc.url);
    const me = await agent.post('/api/register').send(newAccount()).expect(201);
    const notOurs = [
      { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'same-origin' },
      navigation('cross-site'),
      navigation('same-site'),
      {},
    ];
    for (const headers of notOurs) {
      const res = await agent.get('/api/logout').set(headers).expect(302);
      expect(res.headers.location).toBe('/');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await agent.get('/api/current-user')).body).toMatchObject({ id: me.body.id });
    }
  });

  it('logs out by POST from the product, never from another site', async () => {
    const agent = request.agent(svc.url);
    const me = await agent.post('/api/register').send(newAccount()).expect(201);
    const refused = await agent.post('/api/logout').set('Origin', 'https://evil.example').expect(403);
    expect(refused.body).toEqual({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    expect((await agent.get('/api/current-user')).body).toMatchObject({ id: me.body.id });
    await agent.post('/api/logout').expect(204);
    expect((await agent.get('/api/current-user')).body).toEqual({ isAuthenticated: false, isAnonymous: true });
  });

  it('sends email sign-up to the sign-up tab, keeping only a same-site callbackUrl', async () => {
    expect((await request(svc.url).get('/api/login/email').expect(302)).headers.location).toBe('/auth?tab=signup');
    const kept = await request(svc.url).get('/api/login/email').query({ callbackUrl: '/documents/7?x=1' }).expect(302);
    expect(kept.headers.location).toBe('/auth?tab=signup&callbackUrl=%2Fdocuments%2F7%3Fx%3D1');
    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await request(svc.url).get('/api/login/email').query({ callbackUrl: evil }).expect(302);
      expect(res.headers.location).toBe('/auth?tab=signup');
    }
  });

  it('refuses a cross-site or non-JSON log-in', async () => {
    await request(svc.url).post('/api/login').set('Origin', 'https://evil.example').send({ username: 'a', password: 'b' }).expect(403);
    await request(svc.url).post('/api/login').type('form').send('username=a&password=b').expect(415);
  });
});

describe('log-in with several identity services in one process', () => {
  it('checks the credentials against its own database, not the one of the service started last', async () => {
    const first = await startIdentity();
    const later = await startIdentity();
    try {
      const account = newAccount();
      await request(first.url).post('/api/register').send(account).expect(201);
      await request(first.url).post('/api/login').send({ username: account.username, password: account.password }).expect(200);
      await request(later.url).post('/api/login').send({ username: account.username, password: account.password }).expect(401);
    } finally {
      await Promise.all([first.close(), later.close()]);
    }
  });
});

describe('log-in throttling', () => {
  let svc: IdentityService;
  beforeAll(async () => {
    svc = await startIdentity({ LOGIN_ATTEMPTS_PER_ACCOUNT: '3', LOGIN_SLOWDOWN_MS: '400', LOGIN_ATTEMPTS_PER_ADDRESS: '100' });
  });
  afterAll(() => svc.close());

  const timed = async (run: () => Promise<Response>): Promise<[Response, number]> => {
    const started = performance.now();
    const result = await run();
    return [result, performance.now() - started];
  };

  it('slows an account down after repeated failures by username or email alike, but never locks its owner out', async () => {
    const account = newAccount();
    await request(svc.url).post('/api/register').send(account).expect(201);
    const attempt = (username: string, password: string) => request(svc.url).post('/api/login').send({ username, password });
    // Failures by username and by email fill the same bucket.
    for (const login of [account.username, account.email, account.username.toUpperCase()]) await attempt(login, 'wrong-password').expect(401);
    const [wrong, slowWrong] = await timed(() => attempt(account.email, 'wrong-password'));
    expect(wrong.status).toBe(401);
    expect(slowWrong).toBeGreaterThanOrEqual(400);
    // The owner, typing the right password, gets in: slowed, not refused.
    const [right, slowRight] = await timed(() => attempt(account.username, account.password));
    expect(right.status).toBe(200);
    expect(slowRight).toBeGreaterThanOrEqual(400);
  });

  it('refuses an address over its limit, across usernames, saying when to retry', async () => {
    const limited = await startIdentity({ LOGIN_ATTEMPTS_PER_ADDRESS: '2', LOGIN_ATTEMPTS_PER_ACCOUNT: '100' });
    try {
      await request(limited.url).post('/api/login').send({ username: 'one', password: 'x' }).expect(401);
      await request(limited.url).post('/api/login').send({ username: 'two', password: 'x' }).expect(401);
      const res = await request(limited.url).post('/api/login').send({ username: 'three', password: 'x' }).expect(429);
      expect(res.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many log-in attempts\. Please try again in \d+ minutes?\.$/) });
    } finally {
      await limited.close();
    }
  });
});

describe('accounts and guests per address (rate-limiter-flexible on Redis)', () => {
  let svc: IdentityService;
  beforeAll(async () => {
    svc = await startIdentity({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '2', GUESTS_PER_ADDRESS_PER_HOUR: '2' });
  });
  afterAll(() => svc.close());

  it('refuses a third sign-up from one address in the hour with 429 RATE_LIMITED saying when to retry', async () => {
    await request(svc.url).post('/api/register').send(newAccount()).expect(201);
    await request(svc.url).post('/api/register').send(newAccount()).expect(201);
    const res = await request(svc.url).post('/api/register').send(newAccount()).expect(429);
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many accounts were created from your address\. Please try again in \d+ minutes?\.$/) });
  });

  it('counts new guests and guest resets in one bucket', async () => {
    const agent = request.agent(svc.url);
    // A first write makes a guest (1), a reset makes another identity (2), the next reset is refused.
    await agent.post('/api/feedback').send({ content: 'hi' }).expect(201);
    await agent.delete('/api/account').expect(200);
    const res = await agent.delete('/api/account').expect(429);
    expect(res.body).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many guest sessions were started from your address\. Please try again in \d+ minutes?\.$/),
    });
    const refusedFirstWrite = await request(svc.url).post('/api/feedback').send({ content: 'hi' }).expect(429);
    expect(refusedFirstWrite.body).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('demo account (docs/decisions/0009-security.md)', () => {
  it('is seeded idempotently and exposed when enabled', async () => {
    const first = await startIdentity({ DEMO_ACCOUNT_ENABLED: 'true', DEMO_USERNAME: 'demo', DEMO_PASSWORD: 'demo-password' });
    const second = await startIdentity({ DATABASE_URL: first.config.DATABASE_URL, DEMO_ACCOUNT_ENABLED: 'true', DEMO_USERNAME: 'demo', DEMO_PASSWORD: 'demo-password' });
    try {
      const res = await request(second.url).get('/api/demo-account').expect(200);
      expect(res.body).toEqual({ username: 'demo', password: 'demo-password' });
      const login = await request(first.url).post('/api/login').send(res.body).expect(200);
      expect(login.body).toMatchObject({ username: 'demo', isGuest: false });
      const agent = request.agent(first.url);
      await agent.post('/api/login').send(res.body).expect(200);
      const del = await agent.delete('/api/account').expect(403);
      expect(del.body).toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("never takes over an account it did not create: start-up stops with a clear message, the owner's password stays", async () => {
    const stack = await startIdentityWithContent({ DEMO_ACCOUNT_ENABLED: 'false', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000' });
    const svc = stack.identity;
    const owner = await request(svc.url).post('/api/register').send({ username: 'showcase', email: 'showcase@example.com', password: 'owners-password' }).expect(201);
    try {
      for (const taken of [{ DEMO_USERNAME: 'showcase' }, { DEMO_USERNAME: 'fresh-demo', DEMO_EMAIL: 'showcase@example.com' }] as Array<Record<string, string>>) {
        const start = startIdentity({ DATABASE_URL: svc.config.DATABASE_URL, DEMO_ACCOUNT_ENABLED: 'true', DEMO_PASSWORD: 'demo-password', ...taken });
        await expect(start).rejects.toThrow(/belongs to an account the demo feature did not create.*DEMO_USERNAME and DEMO_EMAIL.*DEMO_ACCOUNT_ENABLED=false/);
      }
      await request(svc.url).post('/api/login').send({ username: 'showcase', password: 'demo-password' }).expect(401);
      const login = await request(svc.url).post('/api/login').send({ username: 'showcase', password: 'owners-password' }).expect(200);
      expect(login.body.id).toBe(owner.body.id);
      // The owner's account stays theirs to delete: it is not the demo account.
      const agent = request.agent(svc.url);
      await agent.post('/api/login').send({ username: 'showcase', password: 'owners-password' }).expect(200);
      await agent.delete('/api/account').expect(200);
    } finally {
      await stack.close();
    }
  });

  it('cannot create API tokens', async () => {
    const svc = await startIdentity({ DEMO_ACCOUNT_ENABLED: 'true', DEMO_USERNAME: 'demo', DEMO_PASSWORD: 'demo-password' });
    try {
      const agent = request.agent(svc.url);
      await agent.post('/api/login').send({ username: 'demo', password: 'demo-password' }).expect(200);
      const res = await agent.post('/api/tokens').send({ name: 'mine now', scope: 'read-write' }).expect(403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'The shared demo account cannot create API tokens' });
      expect((await agent.get('/api/tokens').expect(200)).body).toEqual([]);
    } finally {
      await svc.close();
    }
  });

  it('ends its sessions and API tokens on every replica when DEMO_PASSWORD changes', async () => {
    const demo = { DEMO_ACCOUNT_ENABLED: 'true', DEMO_USERNAME: 'demo' };
    const first = await startIdentity({ ...demo, DEMO_PASSWORD: 'old-password' });
    const shared = { DATABASE_URL: first.config.DATABASE_URL, SESSION_SECRET: first.config.SESSION_SECRET, ENCRYPTION_KEY: first.config.ENCRYPTION_KEY };
    const db = new pg.Client({ connectionString: first.config.DATABASE_URL });
    await db.connect();
    let second: IdentityService | undefined;
    try {
      const login = await request(first.url).post('/api/login').send({ username: 'demo', password: 'old-password' }).expect(200);
      const cookie = sessionCookie(login)!;
      // A token the account held (made before the demo account was refused tokens).
      const token = `prd_${randomBytes(32).toString('base64url')}`;
      const hash = createHash('sha256').update(token).digest('hex');
      await db.query("INSERT INTO api_tokens (user_id, name, scope, token_hash, prefix) VALUES ($1, 'kept', 'read-write', $2, 'prd_xxxx')", [login.body.id, hash]);
      const asToken = (url: string) => supertest(url).get('/api/current-user').set('Authorization', `Bearer ${token}`);
      await asToken(first.url).expect(200);
      expect((await request(first.url).get('/api/current-user').set('Cookie', cookie)).body).toMatchObject({ id: login.body.id });

      // A new release with a new password: the replica that starts first resets the account.
      second = await startIdentity({ ...demo, ...shared, DEMO_PASSWORD: 'new-password' });
      for (const url of [first.url, second.url]) {
        expect((await request(url).get('/api/current-user').set('Cookie', cookie)).body).toEqual({ isAuthenticated: false, isAnonymous: true });
        await asToken(url).expect(401);
      }
      await request(second.url).post('/api/login').send({ username: 'demo', password: 'old-password' }).expect(401);
      await request(second.url).post('/api/login').send({ username: 'demo', password: 'new-password' }).expect(200);
    } finally {
      await db.end();
      await Promise.all([first.close(), second?.close()]);
    }
  });

  it('is 404 and not seeded when disabled', async () => {
    const svc = await startIdentity({ DEMO_ACCOUNT_ENABLED: 'false' });
    try {
      const res = await request(svc.url).get('/api/demo-account').expect(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'The demo account is not enabled' });
      await request(svc.url).post('/api/login').send({ username: 'demo', password: 'demo-password' }).expect(401);
    } finally {
      await svc.close();
    }
  });
});
