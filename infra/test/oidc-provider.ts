// The end-to-end stack's OpenID provider (docs/decisions/0036-single-sign-on-openid-connect.md): services/testing's oidc-provider,
// as its own process, so the stack's identity replicas can sign users in through it.
// Run by the test run: PORT, REDIRECT_URIS (the client's callbacks, comma-separated).
import { startOidcProvider } from '@prd/testing/oidc-provider';

const port = Number(process.env.PORT);
if (!port) throw new Error('oidc-provider needs PORT');
const redirectUris = (process.env.REDIRECT_URIS ?? '').split(',').filter(Boolean);
if (redirectUris.length === 0) throw new Error('oidc-provider needs REDIRECT_URIS');
const provider = await startOidcProvider(redirectUris, port);
console.log(`OpenID provider at ${provider.issuer}, callbacks ${redirectUris.join(', ')}`);
