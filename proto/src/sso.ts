import { z } from 'zod';
import { SSO_ERROR_PARAM, SSO_ERRORS, SSO_LINK_PAGE, SSO_MESSAGES, SSO_PATHS, ssoErrorMessage, type SsoErrorCode } from './sso-messages.js';

export { SSO_ERROR_PARAM, SSO_ERRORS, SSO_LINK_PAGE, SSO_MESSAGES, SSO_PATHS, ssoErrorMessage, type SsoErrorCode };

/** `GET /api/auth/oidc`: the label of the "Continue with …" button, null when sign-on is off. */
export const ssoConfigSchema = z.object({ name: z.string().nullable() });
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/** `GET /api/auth/oidc/start`: where to go once signed in (kept only when it is a path of ours). */
export const ssoStartQuerySchema = z.object({ callbackUrl: z.string().optional() });

/** `GET /api/auth/oidc/callback`: the provider's answer, read and checked by openid-client. */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** `GET /api/auth/oidc/link`: the existing account a sign-in waits to be linked to, and where to go once linked. */
export const ssoPendingLinkSchema = z.object({ email: z.string(), provider: z.string(), callbackUrl: z.string() });
export type SsoPendingLink = z.infer<typeof ssoPendingLinkSchema>;

/** `POST /api/auth/oidc/link`: the existing account's password, asked once. */
export const ssoLinkSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type SsoLinkRequest = z.infer<typeof ssoLinkSchema>;
