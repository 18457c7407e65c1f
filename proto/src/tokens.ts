import { z } from 'zod';
import { idParamsSchema } from './params.js';

/**
 * Personal access tokens (docs/decisions/0015-programmatic-access.md): `Authorization: Bearer prd_…`
 * acts as the user who made the token, with its scope. The prefix makes a leaked token easy to find
 * in logs and code (secret scanners match it).
 */
export const TOKEN_PREFIX = 'prd_';
/** What a token may do: `read` only GET, `read-write` everything its user may. */
export const TOKEN_SCOPES = ['read', 'read-write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_NAME_MAX = 100;
/** The most live tokens one user may hold at once. */
export const TOKENS_PER_USER = 50;
/** A bearer token's shape: the prefix and 43 base64url characters (32 random bytes). */
export const TOKEN_PATTERN = /^prd_[A-Za-z0-9_-]{43}$/;

export const TOKEN_NOT_FOUND = 'Token not found';
/** The 401 of a bearer call whose token is unknown, revoked or expired. */
export const TOKEN_INVALID = 'Invalid, expired or revoked API token';
/** The 403 of a write with a read-only token. */
export const TOKEN_READ_ONLY = 'This API token is read-only: create a read-write token to make changes';
/** The 403 of a bearer call to what only the signed-in user may do: tokens, the account, its key. */
export const TOKEN_SESSION_REQUIRED = 'API tokens cannot manage API tokens or the account: sign in to PRD Studio in the browser to do this';
/** The 403 of the shared demo account asking for a token: anyone may sign in as it, so nobody may keep access through it. */
export const DEMO_TOKENS_REFUSED = 'The shared demo account cannot create API tokens';
/** The 403 ACCOUNT_REQUIRED texts for guests (docs/product.md §6). */
export const TOKENS_SIGN_UP_REQUIRED = {
  message: 'Sign up required',
  description: 'Create an account to use API tokens.',
} as const;

/** `POST /api/tokens`. */
export const createTokenSchema = z.object(
  {
    name: z
      .string({ error: (issue) => (issue.input === undefined ? 'Token name is required' : 'Token name must be text') })
      .trim()
      .min(1, 'Token name is required')
      .max(TOKEN_NAME_MAX, `Token name must be at most ${TOKEN_NAME_MAX} characters`),
    scope: z.enum(TOKEN_SCOPES, { error: 'Scope must be read or read-write' }),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'expiresAt must be an ISO date and time, e.g. 2030-01-31T00:00:00Z' })
      .refine((v) => Date.parse(v) > Date.now(), 'expiresAt must be in the future')
      .nullable()
      .optional(),
  },
  { error: 'The request body must be a JSON object' },
);
export type CreateToken = z.infer<typeof createTokenSchema>;

export const tokenParamsSchema = idParamsSchema('Token id must be a number');

/** A token as listed: never its secret, which only `POST /api/tokens` answers, once. */
export const tokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  /** The secret's first characters, so a user can tell tokens apart (`prd_AbCd…`). */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type TokenDto = z.infer<typeof tokenSchema>;

/** Answer of `POST /api/tokens`: the token and its secret, shown this once. */
export const createdTokenSchema = tokenSchema.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

/** Body of identity's `POST /internal/tokens/resolve`. */
export const resolveTokenSchema = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is too long') });

/** What a valid bearer token stands for: its user and scope, and until when it may be trusted. */
export const tokenPrincipalSchema = z.object({
  tokenId: z.number().int(),
  /** The name its user gave it: the author of what it writes (docs/decisions/0018-revisions.md). */
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  expiresAt: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string(), isGuest: z.boolean() }),
});
export type TokenPrincipal = z.infer<typeof tokenPrincipalSchema>;

/** Redis pub/sub channel on which identity announces revoked tokens (their ids); every replica forgets them at once. */
export const TOKEN_REVOKED_CHANNEL = 'tokens:revoked';
