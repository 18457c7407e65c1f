// A real OpenID provider for the single sign-on tests (docs/decisions/0036-single-sign-on-openid-connect.md): the npm package
// oidc-provider on a loopback port, with its development sign-in page (any password; the login names the account) and
// one confidential client. The integration suites start it in-process; the end-to-end stack runs it as its own process
// (infra/test/oidc-provider.ts) and points the identity service's OIDC_* at it.
import http from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestOidcAccount {
  email: string;
  emailVerified: boolean;
  name: string;
  preferredUsername?: string;
}

/** The test accounts, by the login typed on the provider's page (which is also their subject). */
export const OIDC_TEST_ACCOUNTS: Record<string, TestOidcAccount> = {
  /** Signs in for the first time: created just in time. */
  alice: { email: 'alice@example.com', emailVerified: true, name: 'Alice Example', preferredUsername: 'alice' },
  /** Has a password account with the same email: linked once the password confirms it. */
  bob: { email: 'bob@example.com', emailVerified: true, name: 'Bob Example', preferredUsername: 'bob' },
  /** The provider has not verified this email: never linked to an existing account. */
  carol: { email: 'carol@example.com', emailVerified: false, name: 'Carol Unverified' },
  /** Outside the allowed domains of the tests that set OIDC_ALLOWED_DOMAINS=example.com. */
  mallory: { email: 'mallory@elsewhere.test', emailVerified: true, name: 'Mallory Elsewhere', preferredUsername: 'mallory' },
  /** For the end-to-end test: its own account, so the shared stack's other tests never meet it. */
  erin: { email: 'erin@example.com', emailVerified: true, name: 'Erin Example', preferredUsername: 'erin' },
};

export const OIDC_TEST_CLIENT = { id: 'prd-studio', secret: 'prd-studio-test-client-secret-0123456789' };

/** The identity service's OIDC_* settings for the test provider at `issuer`. */
export const oidcTestEnv = (issuer: string): Record<string, string> => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: OIDC_TEST_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_TEST_CLIENT.secret,
  OIDC_NAME: 'Test SSO',
});

export interface TestOidcProvider {
  issuer: string;
  port: number;
  /** The identity service's OIDC_* settings for this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

function configuration(redirectUris: string[], accounts: Record<string, TestOidcAccount>): Configuration {
  return {
    clients: [
      {
        client_id: OIDC_TEST_CLIENT.id,
        client_secret: OIDC_TEST_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    findAccount: (_ctx, id) => {
      const account = accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          ...(account.preferredUsername ? { preferred_username: account.preferredUsername } : {}),
        }),
      };
    },
    // A first-party client: consent is granted without asking, so the sign-in page is the only page.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    // Set, so the provider does not print a notice for each default it falls back to.
    ttl: { Session: 3600, Interaction: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ['prd-studio-test-provider-cookie-key'] },
  };
}

/** Starts the provider on `port` (0: any free one); `redirectUris` are the client's registered callbacks. */
export async function startOidcProvider(redirectUris: string[], port = 0, accounts = OIDC_TEST_ACCOUNTS): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${actual}`;
  const provider = new Provider(issuer, configuration(redirectUris, accounts));
  // A failure inside the provider otherwise shows only as its error page.
  provider.on('server_error', (_ctx, err) => console.error('oidc-provider server_error', err));
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    port: actual,
    env: oidcTestEnv(issuer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Each host's cookies, as a browser would keep them apart (paths are ignored: one attempt at a time). */
class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.cookies.get(url.host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  store(url: URL, res: Response): void {
    const jar = this.cookies.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), value);
    }
    this.cookies.set(url.host, jar);
  }
}

/**
 * Signs `login` in on the provider's own page, as a browser would (its cookies, its redirects, the form post), from the
 * authorization URL the identity service redirected to, and answers the URL the provider sends the browser back to:
 * the client's callback with `code`, `state` and `iss`, or with `error`.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  const issuerHost = url.host;
  let init: RequestInit = { method: 'GET' };
  for (let hop = 0; hop < 10; hop += 1) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), Cookie: jar.header(url) } });
    jar.store(url, res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.host !== issuerHost) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(page)?.[1];
    if (res.status !== 200 || !action) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${page.slice(0, 300)}`);
    url = new URL(action, url);
    init = {
      method: 'POST',
      body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('the provider redirected more than 10 times');
}
