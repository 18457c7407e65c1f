import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TestStack } from './support/stack.ts';
import { isErrorBody, uniqueName, Visitor } from './support/visitor.ts';

const USERNAME_LIMIT = 10;
const ADDRESS_LIMIT = 25;

describe('authentication and cross-site requests through the gateway', () => {
  let stack: TestStack;
  let identity: string;
  /** Log-in attempts sent through nginx so far: its limit_req burst (30) must only trip in the last test. */
  let gatewayLogins = 0;

  beforeAll(async () => {
    stack = await TestStack.start('authentication', {
      services: ['identity', 'content'],
      env: { LOGIN_ATTEMPTS_PER_USERNAME: String(USERNAME_LIMIT), LOGIN_ATTEMPTS_PER_ADDRESS: String(ADDRESS_LIMIT) },
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
    const res = await user.get('/api/logout');
    expect(res.status).toBe(302);
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

  it('refuses a username after repeated wrong passwords, even with the right one', async () => {
    const user = await new Visitor(stack.url).register('target', identity);
    const statuses: number[] = [];
    for (let i = 0; i < USERNAME_LIMIT + 2; i++) statuses.push((await login(new Visitor(stack.url), user.username, `guess-${i}`)).status);
    expect(statuses.slice(0, USERNAME_LIMIT)).toEqual(Array(USERNAME_LIMIT).fill(401));
    expect(statuses.slice(USERNAME_LIMIT)).toEqual([429, 429]);
    const right = await login(new Visitor(stack.url), user.username, 'a-good-password');
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many log-in attempts/) });
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
