/**
 * Single sign-on with OpenID Connect (docs/decisions/0036-single-sign-on-openid-connect.md): its paths and the
 * messages of every failure, which the identity service names in `/auth?sso_error=<code>` and the auth screen shows.
 * Zod-free, so the web client can import it without bundling zod.
 */
export const SSO_PATHS = {
  /** Whether sign-on is configured, and the button's label. */
  config: '/api/auth/oidc',
  start: '/api/auth/oidc/start',
  callback: '/api/auth/oidc/callback',
  /** The pending link to an existing account: read it, or confirm it with the account's password. */
  link: '/api/auth/oidc/link',
} as const;

/** The web page where a user confirms linking the provider's identity to their existing account. */
export const SSO_LINK_PAGE = '/auth/link';

/** The query parameter of `/auth` that names a failure. */
export const SSO_ERROR_PARAM = 'sso_error';

export const SSO_ERRORS = {
  not_configured: 'Single sign-on is not configured on this server.',
  unavailable: 'The sign-in provider could not be reached or is misconfigured. Please try again later or log in with your password.',
  expired: 'This sign-in attempt expired or was already used. Please start again.',
  state_mismatch: 'This sign-in attempt could not be verified (its state did not match). Please start again.',
  denied: 'The sign-in provider refused the sign-in.',
  rejected: 'The sign-in provider did not confirm your identity (its answer was invalid or already used). Please start again.',
  domain_not_allowed: 'Your email address is not in a domain allowed to sign in here.',
  domain_unverified: 'Sign-in here is limited to some email domains, and the sign-in provider has not verified your email address.',
  email_unverified: 'An account with your email already exists, but the sign-in provider has not verified that email, so it cannot be linked. Log in with your password.',
  failed: 'Single sign-on failed. Please try again in a moment.',
  account_unavailable: 'The account for this sign-in can no longer be used.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The message of `/auth?sso_error=<code>`, or null when the code is none of ours. */
export const ssoErrorMessage = (code: string | null): string | null => (code !== null && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : null);

export const SSO_MESSAGES = {
  noPendingLink: 'There is no sign-in waiting to be linked. Please start again.',
  wrongPassword: 'Wrong password',
} as const;
