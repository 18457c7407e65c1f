// The end-to-end stack's OpenID provider (docs/decisions/0036-single-sign-on-openid-connect.md): services/testing's oidc-provider,
// as its own process, so the stack's identity replicas can sign users in through it.
// Run by the test run: PORT, REDIRECT_URIS (the client's callbacks, comma-separated).
import { OIDC_TEST_ACCOUNTS, startOidcProvider, type TestOidcAccount } from '@prd/testing/oidc-provider';

const port = Number(process.env.PORT);
if (!port) throw new Error('oidc-provider needs PORT');
const redirectUris = (process.env.REDIRECT_URIS ?? '').split(',').filter(Boolean);
if (redirectUris.length === 0) throw new Error('oidc-provider needs REDIRECT_URIS');

/** The domain of the end-to-end tests' sign-ups (web/e2e/helpers.ts): such a login is an account with that verified email, so a test can link the account it just made. */
const SIGN_UP_DOMAIN = '@example.test';
const accounts = new Proxy(OIDC_TEST_ACCOUNTS, {
  get: (named, login: string): TestOidcAccount | undefined =>
    named[login] ?? (login.endsWith(SIGN_UP_DOMAIN) ? { email: login, emailVerified: true, name: login.slice(0, -SIGN_UP_DOMAIN.length) } : undefined),
});
const provider = await startOidcProvider(redirectUris, port, accounts);
console.log(`OpenID provider at ${provider.issuer}, callbacks ${redirectUris.join(', ')}`);
