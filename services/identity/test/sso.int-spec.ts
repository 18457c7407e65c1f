import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createLogger } from '@prd/kit';
import { browserRequest as request } from '@prd/kit/testing';
import { startContent, type ContentService } from '@prd/testing/content';
import { startIdentity, type IdentityService } from '@prd/testing/identity';
import { freePort } from '@prd/testing/free-port';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '@prd/testing/oidc-provider';

/** The cookies an answer set, by name. */
function cookiesOf(res: Response): Record<string, string> {
  return Object.fromEntries(res.headers.getSetCookie().map((line) => line.split(';')[0]!.split('=') as [string, string]));
}

/** A browser's visit to one identity service: its cookies for that host, redirects followed by hand. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, { redirect: 'manual', headers: { Cookie: this.cookie } });
    for (const [name, value] of Object.entries(cookiesOf(res))) {
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** `/api/auth/oidc/start` up to the provider's answer: the callback URL the provider sends the browser back to. */
  async atProvider(login: string, callbackUrl?: string): Promise<URL> {
    const start = await this.get(`/api/auth/oidc/start${callbackUrl ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ''}`);
    expect(start.status).toBe(302);
    return signInAtProvider(start.headers.get('location')!, login);
  }

  /** The whole sign-on of `login`: where the callback sent the browser. */
  async signOn(login: string, callbackUrl?: string): Promise<{ location: string; callback: URL; res: Response }> {
    const callback = await this.atProvider(login, callbackUrl);
    const res = await this.get(`${callback.pathname}${callback.search}`);
    expect(res.status).toBe(302);
    return { location: res.headers.get('location')!, callback, res };
  }

  async currentUser(): Promise<{ id?: number; username?: string; email?: string | null; isAuthenticated: boolean }> {
    return (await (await this.get('/api/current-user')).json()) as { id?: number; username?: string; email?: string | null; isAuthenticated: boolean };
  }
}

const register = async (svc: IdentityService, username: string, email: string): Promise<number> =>
  (await request(svc.url).post('/api/register').send({ username, email, password: 'the-account-password' }).expect(201)).body.id as number;

const limits = { REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000', LOGIN_ATTEMPTS_PER_ADDRESS: '1000' };

describe('single sign-on with OpenID Connect (docs/decisions/0036-single-sign-on-openid-connect.md)', () => {
  let provider: TestOidcProvider;
  let svc: IdentityService;
  /** The same provider, with OIDC_ALLOWED_DOMAINS=example.com. */
  let limited: IdentityService;

  beforeAll(async () => {
    const [port, limitedPort] = [await freePort(), await freePort()];
    provider = await startOidcProvider([port, limitedPort].map((p) => `http://127.0.0.1:${p}/api/auth/oidc/callback`));
    svc = await startIdentity({ ...provider.env, ...limits }, undefined, port);
    limited = await startIdentity({ ...provider.env, ...limits, OIDC_ALLOWED_DOMAINS: 'Example.com' }, undefined, limitedPort);
  });
  afterAll(async () => {
    await svc?.close();
    await limited?.close();
    await provider?.close();
  });

  it('tells the auth screen the button label', async () => {
    expect((await request(svc.url).get('/api/auth/oidc').expect(200)).body).toEqual({ name: 'Test SSO' });
  });

  it('creates the user just in time on the first sign-in, with a username of their own, and signs the same user in the next time', async () => {
    // A password user already has the provider's preferred_username: the new user gets the next free one.
    await register(svc, 'alice', 'another-alice@example.org');
    const browser = new Browser(svc.url);
    const first = await browser.signOn('alice', '/documents?tab=mine');
    expect(first.location).toBe('/documents?tab=mine');
    expect(cookiesOf(first.res)['prd.sid']).toBeTruthy();
    const me = await browser.currentUser();
    expect(me).toMatchObject({ isAuthenticated: true, username: 'alice-2', email: 'alice@example.com', name: 'Alice Example', isGuest: false });

    const again = new Browser(svc.url);
    expect((await again.signOn('alice')).location).toBe('/');
    expect((await again.currentUser()).id).toBe(me.id);
  });

  it('refuses a callback whose state is not the attempt’s', async () => {
    const browser = new Browser(svc.url);
    const callback = await browser.atProvider('alice');
    callback.searchParams.set('state', 'forged-state');
    const res = await browser.get(`${callback.pathname}${callback.search}`);
    expect(res.headers.get('location')).toBe('/auth?sso_error=state_mismatch');
    expect(cookiesOf(res)['prd.sid']).toBeUndefined();
    expect((await browser.currentUser()).isAuthenticated).toBe(false);
  });

  it('refuses a replayed callback, and a replayed code under a new attempt', async () => {
    const browser = new Browser(svc.url);
    const used = await browser.atProvider('alice');
    const attemptCookie = browser.cookie;
    expect((await browser.get(`${used.pathname}${used.search}`)).headers.get('location')).toBe('/');

    // The same callback again, with the attempt's cookie: the attempt is used up.
    const replay = await fetch(`${svc.url}${used.pathname}${used.search}`, { redirect: 'manual', headers: { Cookie: attemptCookie } });
    expect(replay.headers.get('location')).toBe('/auth?sso_error=expired');

    // The used code with a new attempt's state: the provider refuses the code.
    const thief = new Browser(svc.url);
    const fresh = new URL((await thief.get('/api/auth/oidc/start')).headers.get('location')!);
    used.searchParams.set('state', fresh.searchParams.get('state')!);
    const res = await thief.get(`${used.pathname}${used.search}`);
    expect(res.headers.get('location')).toBe('/auth?sso_error=rejected');
    expect((await thief.currentUser()).isAuthenticated).toBe(false);
  });

  it('lands on a clear message when the provider answers with an error', async () => {
    const browser = new Browser(svc.url);
    const authorization = new URL((await browser.get('/api/auth/oidc/start')).headers.get('location')!);
    const state = authorization.searchParams.get('state')!;
    const res = await browser.get(`/api/auth/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`);
    expect(res.headers.get('location')).toBe('/auth?sso_error=denied');
  });

  it('never links an existing account to an email the provider has not verified', async () => {
    const id = await register(svc, 'carol-password', 'carol@example.com');
    const browser = new Browser(svc.url);
    expect((await browser.signOn('carol')).location).toBe('/auth?sso_error=email_unverified');
    expect((await browser.currentUser()).isAuthenticated).toBe(false);
    expect((await request(svc.url).get('/api/auth/oidc/link').set('Cookie', browser.cookie).expect(404)).body.message).toMatch(/no sign-in waiting/);
    // No link was made: the account still signs in only with its password.
    const db = new pg.Client({ connectionString: svc.config.DATABASE_URL });
    await db.connect();
    try {
      expect((await db.query('SELECT user_id FROM oidc_links WHERE subject = $1', ['carol'])).rows).toEqual([]);
      expect((await db.query('SELECT email FROM users WHERE id = $1', [id])).rows).toEqual([{ email: 'carol@example.com' }]);
    } finally {
      await db.end();
    }
  });

  it('links an existing account with the verified email once its password confirms it', async () => {
    const id = await register(svc, 'bob-password', 'bob@example.com');
    const browser = new Browser(svc.url);
    expect((await browser.signOn('bob', '/projects')).location).toBe('/auth/link');
    expect((await browser.currentUser()).isAuthenticated).toBe(false);

    const pending = await request(svc.url).get('/api/auth/oidc/link').set('Cookie', browser.cookie).expect(200);
    expect(pending.body).toEqual({ email: 'bob@example.com', provider: 'Test SSO', callbackUrl: '/projects' });

    const wrong = await request(svc.url).post('/api/auth/oidc/link').set('Cookie', browser.cookie).send({ password: 'not-it' }).expect(401);
    expect(wrong.body).toEqual({ code: 'UNAUTHORIZED', message: 'Wrong password' });
    expect((await request(svc.url).post('/api/auth/oidc/link').set('Cookie', browser.cookie).send({}).expect(400)).body.message).toBe('Password is required');

    const linked = await request(svc.url).post('/api/auth/oidc/link').set('Cookie', browser.cookie).send({ password: 'the-account-password' }).expect(200);
    expect(linked.body).toMatchObject({ id, username: 'bob-password', email: 'bob@example.com' });
    const session = (linked.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('prd.sid='))!.split(';')[0]!;
    expect((await request(svc.url).get('/api/current-user').set('Cookie', session).expect(200)).body.id).toBe(id);
    // Used once.
    await request(svc.url).post('/api/auth/oidc/link').set('Cookie', browser.cookie).send({ password: 'the-account-password' }).expect(404);

    // From now on the provider signs bob in directly.
    const later = new Browser(svc.url);
    expect((await later.signOn('bob')).location).toBe('/');
    expect((await later.currentUser()).id).toBe(id);
  });

  it('lets only the allowed email domains sign in', async () => {
    const mallory = new Browser(limited.url);
    expect((await mallory.signOn('mallory')).location).toBe('/auth?sso_error=domain_not_allowed');
    expect((await mallory.currentUser()).isAuthenticated).toBe(false);
    // In the domain, but the provider has not verified the address.
    expect((await new Browser(limited.url).signOn('carol')).location).toBe('/auth?sso_error=domain_unverified');
    const alice = new Browser(limited.url);
    expect((await alice.signOn('alice')).location).toBe('/');
    expect((await alice.currentUser()).email).toBe('alice@example.com');
  });
});

describe('single sign-on when the provider is unreachable or sign-on is off', () => {
  let unreachable: IdentityService;
  let off: IdentityService;
  const lines: string[] = [];

  beforeAll(async () => {
    // Nothing listens on a port just found free.
    const issuer = `http://127.0.0.1:${await freePort()}`;
    unreachable = await startIdentity(
      { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'prd-studio', OIDC_CLIENT_SECRET: 'a-secret', OIDC_NAME: 'Acme' },
      createLogger('identity', 'info', { write: (line: string) => void lines.push(line) }),
    );
    off = await startIdentity();
  });
  afterAll(async () => {
    await unreachable?.close();
    await off?.close();
  });

  it('sends the browser to the auth screen with a message and logs why, never a 500', async () => {
    const res = await fetch(`${unreachable.url}/api/auth/oidc/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?sso_error=unavailable');
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; code?: string; reason?: string }).find((l) => l.msg === 'single sign-on failed');
    expect(logged).toMatchObject({ code: 'unavailable' });
    expect(logged?.reason).toContain('discovery');
  });

  it('hides the button and refuses to start when sign-on is not configured', async () => {
    expect((await request(off.url).get('/api/auth/oidc').expect(200)).body).toEqual({ name: null });
    const res = await fetch(`${off.url}/api/auth/oidc/start`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/auth?sso_error=not_configured');
    const callback = await fetch(`${off.url}/api/auth/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    expect(callback.headers.get('location')).toBe('/auth?sso_error=expired');
  });
});

describe('single sign-on with OIDC_WORKSPACE: a new user joins the workspace', () => {
  let provider: TestOidcProvider;
  let identity: IdentityService;
  let content: ContentService;

  beforeAll(async () => {
    const [identityPort, contentPort] = [await freePort(), await freePort()];
    provider = await startOidcProvider([`http://127.0.0.1:${identityPort}/api/auth/oidc/callback`]);
    // The content database is new: the workspace the admin creates below is its first, id 1.
    identity = await startIdentity({ ...provider.env, ...limits, CONTENT_URL: `http://127.0.0.1:${contentPort}`, OIDC_WORKSPACE: '1' }, undefined, identityPort);
    content = await startContent(identity, {}, contentPort);
  });
  afterAll(async () => {
    await content?.close();
    await identity?.close();
    await provider?.close();
  });

  it('adds the user single sign-on creates to OIDC_WORKSPACE as a member', async () => {
    const admin = await request(identity.url).post('/api/register').send({ username: 'team-admin', email: 'admin@example.org', password: 'the-account-password' }).expect(201);
    const adminCookie = (admin.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const workspace = await request(content.url).post('/api/workspaces').set('Cookie', adminCookie).send({ name: 'Acme' }).expect(201);
    expect(workspace.body.id).toBe(1);

    const browser = new Browser(identity.url);
    await browser.signOn('alice');
    const me = await browser.currentUser();
    expect(me.isAuthenticated).toBe(true);
    const members = await request(content.url).get('/api/workspaces/1/members').set('Cookie', adminCookie).expect(200);
    expect((members.body as Array<{ userId?: number; id?: number; role: string }>).map((m) => ({ id: m.userId ?? m.id, role: m.role }))).toContainEqual({
      id: me.id,
      role: 'member',
    });
  });
});
