import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TestStack } from './support/stack.ts';
import { isErrorBody, uniqueName, Visitor } from './support/visitor.ts';

const ACCOUNT_LIMIT = 5;
const SLOWDOWN_MS = 500;
const ADDRESS_LIMIT = 25;

describe('authentication and cross-site requests through the gateway', () => {
  let stack: TestStack;
  let identity: string;
  /** Log-in attempts sent through nginx so far: its limit_req burst (30) must only trip in the last test. */
  let gatewayLogins = 0;

  beforeAll(async () => {
    stack = await TestStack.start('authentication', {
      services: ['identity', 'content'],
      // The production scrypt cost (N = 2^17): this suite signs up few users.
      env: {
        LOGIN_ATTEMPTS_PER_ACCOUNT: String(ACCOUNT_LIMIT),
        LOGIN_SLOWDOWN_MS: String(SLOWDOWN_MS),
        LOGIN_ATTEMPTS_PER_ADDRESS: String(ADDRESS_LIMIT),
        PASSWORD_SCRYPT_LOG_N: '17',
      },
    });
    identity = `http://127.0.0.1:${stack.replicas('identity')[0]!.port}`;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const login = (visitor: Visitor, username: string, password: string, headers?: Record<string, string>) => {
    gatewayLogins++;
    return visitor.post('/api/login', { username, password }, { headers });
  };

  it('answers an unknown username exactly like a wrong password', async () => {
    const user = await new Visitor(stack.url).register('known', identity);
    const unknown = await login(new Visitor(stack.url), uniqueName('nobody'), 'whatever-password');
    const wrong = await login(new Visitor(stack.url), user.username, 'not-the-password');
    const unknownEmail = await login(new Visitor(stack.url), `${uniqueName('nobody')}@example.com`, 'whatever-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(unknownEmail.text).toBe(unknown.text);
    expect(isErrorBody(wrong)).toBe(true);
  });

  it('gives a new session id at log-in, and the old one stops working', async () => {
    const user = await new Visitor(stack.url).register('rotate', identity);
    const visitor = new Visitor(stack.url);
    await visitor.becomeGuest();
    const guestCookie = visitor.cookie;
    expect(guestCookie).toMatch(/^prd\.sid=/);
    const res = await login(visitor, user.username, 'a-good-password');
    expect(res.status).toBe(200);
    expect(visitor.cookie).not.toBe(guestCookie);
    expect((await visitor.get('/api/current-user')).json).toMatchObject({ isAuthenticated: true, id: user.id });

    const stale = new Visitor(stack.url);
    stale.cookie = guestCookie;
    expect((await stale.get('/api/current-user')).json).toMatchObject({ isAuthenticated: false });
  });

  it('kills the session at log-out: the old cookie no longer names anyone', async () => {
    const user = await new Visitor(stack.url).register('logout', identity);
    const before = user.cookie;
    // A script's GET (fetch sends Sec-Fetch-Mode: cors) is no navigation of the product: it logs nobody out.
    expect((await user.get('/api/logout')).status).toBe(302);
    expect((await user.get('/api/current-user')).json).toMatchObject({ isAuthenticated: true, id: user.id });
    const res = await user.post('/api/logout');
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/prd\.sid=;.*Expires=Thu, 01 Jan 1970/i);
    const replay = new Visitor(stack.url);
    replay.cookie = before;
    expect((await replay.get('/api/current-user')).json).toMatchObject({ isAuthenticated: false });
    expect((await replay.get('/api/documents')).json).toEqual([]);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, and Secure behind https', async () => {
    const user = await new Visitor(stack.url).register('cookie', identity);
    const plain = await login(new Visitor(stack.url), user.username, 'a-good-password');
    const cookie = plain.headers.getSetCookie().find((c) => c.startsWith('prd.sid='))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    const tls = await login(new Visitor(stack.url), user.username, 'a-good-password', { 'X-Forwarded-Proto': 'https' });
    expect(tls.headers.getSetCookie().find((c) => c.startsWith('prd.sid='))).toMatch(/; Secure/i);
  });

  it('refuses state-changing requests from a foreign origin or with a form content type', async () => {
    const user = await new Visitor(stack.url).register('csrf', identity);
    const doc = (await user.post('/api/documents', { title: 'Mine', content: 'Text' })).json as { id: number };
    const evil = { Origin: 'https://evil.example' };
    const attempts = [
      await user.post('/api/documents', { title: 'Forged', content: 'x' }, { headers: evil }),
      await user.patch(`/api/documents/${doc.id}`, { content: 'Forged' }, { headers: evil }),
      await user.delete(`/api/documents/${doc.id}`, { headers: evil }),
      await user.post('/api/settings/api-key', { apiKey: 'sk-forged-0000000000' }, { headers: evil }),
      await user.request('DELETE', '/api/account', { headers: { Origin: 'null' } }),
      // Browsers always name an origin on these; a request with none is not one of ours.
      await user.post('/api/documents', { title: 'Forged', content: 'x' }, { origin: null }),
      await user.request('DELETE', '/api/account', { origin: null }),
      await user.post('/api/feedback', { content: 'Forged' }, { origin: null, headers: { Referer: 'https://evil.example/page' } }),
      // The prefix in escapes once got past the check (the services decode it): refused at the service too.
      await user.post('/%61pi/feedback', { content: 'Forged' }, { base: identity, headers: evil }),
      await user.post('/%61pi/feedback', { content: 'Forged' }, { base: identity, origin: null }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    }
    for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await user.request('POST', '/api/documents', { raw: 'title=Forged&content=x', contentType });
      expect(res.status).toBe(415);
      expect(isErrorBody(res)).toBe(true);
    }
    const sameOrigin = await user.patch(`/api/documents/${doc.id}`, { content: 'Mine, edited' }, { headers: { Origin: stack.url } });
    expect(sameOrigin.status).toBe(200);
    const byReferer = await user.post('/api/feedback', { content: 'From our page' }, { origin: null, headers: { Referer: `${stack.url}/settings` } });
    expect(byReferer.status).toBe(201);
    // Through the gateway, a disguised prefix never reaches a service.
    for (const path of ['/%61pi/feedback', '/API/feedback', '/Api/feedback', '/%2561pi/feedback']) {
      const res = await user.post(path, { content: 'Forged' }, { headers: evil });
      expect([path, res.status, res.json]).toEqual([path, 400, { code: 'VALIDATION_FAILED', message: 'Malformed request' }]);
    }
    const { count } = (await stack.query<{ count: string }>('prd_identity', "SELECT count(*) FROM feedback WHERE content = 'Forged'"))[0]!;
    expect(Number(count)).toBe(0);
    const titles = ((await user.get('/api/documents')).json as Array<{ title: string }>).map((d) => d.title);
    expect(titles).toEqual(['Mine']);
    expect((await user.get('/api/current-user')).json).toMatchObject({ isAuthenticated: true });
  });

  it('sends the Content-Security-Policy and the other security headers on pages and API answers', async () => {
    for (const path of ['/', '/documents', '/api/current-user', '/api/no-such-route']) {
      const res = await fetch(stack.url + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('slows an account down after repeated wrong passwords, by username or email alike, but never locks its owner out', async () => {
    const user = await new Visitor(stack.url).register('target', identity);
    const { password_hash: hash } = (await stack.query<{ password_hash: string }>('prd_identity', 'SELECT password_hash FROM users WHERE id = $1', [user.id]))[0]!;
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT; i++) statuses.push((await login(new Visitor(stack.url), i % 2 ? `${user.username}@example.com` : user.username, `guess-${i}`)).status);
    expect(statuses).toEqual(Array(ACCOUNT_LIMIT).fill(401));
    const slowed = await login(new Visitor(stack.url), user.username, 'guess-again');
    expect(slowed.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(SLOWDOWN_MS);
    // The attacker's failures cost the owner a short wait, not their account.
    const right = await login(new Visitor(stack.url), `${user.username}@example.com`, 'a-good-password');
    expect(right.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(SLOWDOWN_MS);
  });

  it('counts attempts per address, whatever X-Forwarded-For a client claims', async () => {
    let refusedAt = 0;
    for (let i = 0; i < ADDRESS_LIMIT && refusedAt === 0; i++) {
      const res = await login(new Visitor(stack.url), uniqueName('spray'), 'password123', { 'X-Forwarded-For': `203.0.113.${i + 1}` });
      if (res.status === 429) refusedAt = gatewayLogins;
      else expect(res.status).toBe(401);
    }
    // Every attempt of this suite came from 127.0.0.1: the address limit trips on the attempt after the limit.
    expect(refusedAt).toBe(ADDRESS_LIMIT + 1);
  });

  it('slows a flood of log-ins at the gateway, answering its refusals in JSON', async () => {
    expect(gatewayLogins).toBeLessThan(30);
    const answers = await Promise.all(Array.from({ length: 45 }, () => login(new Visitor(stack.url), uniqueName('flood'), 'password123')));
    const byGateway = answers.filter((a) => a.status === 429 && a.headers.get('x-service') === null);
    expect(byGateway.length).toBeGreaterThan(0);
    for (const a of byGateway) expect(a.json).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a moment and try again.' });
    expect(answers.every((a) => a.status < 500 && isErrorBody(a))).toBe(true);
    expect(stack.dead()).toEqual([]);
  });
});
