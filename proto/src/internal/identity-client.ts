import { z } from 'zod';
import { internalCall, type InternalCallOptions } from './internal-call.js';
import type { Usage } from '../errors.js';
import type { UsageKind } from '../usage.js';
import type { InternalCreateNotifications } from '../notifications.js';
import type { TokenPrincipal } from '../tokens.js';

/** What other services may know of a user. */
export const internalUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  isGuest: z.boolean(),
});
export type InternalUser = z.infer<typeof internalUserSchema>;

/** Body of `POST /internal/users/guests`. */
export const createGuestSchema = z.object({
  clientAddress: z.string({ error: 'clientAddress is required' }).min(1, 'clientAddress is required').max(200, 'clientAddress is too long'),
});
export type CreateGuest = z.infer<typeof createGuestSchema>;

/** Path parameters of `/internal/users/:id...`. */
export const userIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'User id must be a number' }).int('User id must be a number').positive('User id must be a number'),
});
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

/**
 * Answer of `GET /internal/users/:id/openai-key`: the key, and whether the provider has accepted it
 * once (until then the user keeps the registered tier's allowance).
 */
export const openAiKeyAnswerSchema = z.object({ apiKey: z.string().nullable(), verified: z.boolean() });
export type OpenAiKeyAnswer = z.infer<typeof openAiKeyAnswerSchema>;

/** What content shows of another user (shares, owners of shared items): never the email. */
export const userProfileSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string().nullable() });
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Body of `POST /internal/users/lookup`: a registered user by username or email. */
export const userLookupSchema = z.object({ login: z.string({ error: 'login is required' }).trim().min(1, 'login is required').max(320, 'login is too long') });
/** Body of `POST /internal/users/profiles`. */
export const userProfilesQuerySchema = z.object({
  ids: z.array(z.number().int().positive(), { error: 'ids must be a list of user ids' }).max(1000, 'At most 1000 ids'),
});

/** Body of `POST /internal/users/:id/openai-key/verified`: the fingerprint of the key the provider accepted. */
export const openAiKeyVerifiedSchema = z.object({
  fingerprint: z.string({ error: 'fingerprint is required' }).min(1, 'fingerprint is required').max(100, 'fingerprint is too long'),
});
export type OpenAiKeyVerified = z.infer<typeof openAiKeyVerifiedSchema>;

export const IDENTITY_INTERNAL = {
  lookup: '/internal/users/lookup',
  notifications: '/internal/notifications',
  profiles: '/internal/users/profiles',
  user: (id: number) => `/internal/users/${id}`,
  guests: '/internal/users/guests',
  openaiKey: (id: number) => `/internal/users/${id}/openai-key`,
  openaiKeyVerified: (id: number) => `/internal/users/${id}/openai-key/verified`,
  consume: '/internal/usage/consume',
  refund: '/internal/usage/refund',
  resolveToken: '/internal/tokens/resolve',
} as const;

/** Typed client of identity's internal routes (docs/decisions/0003-internal-calls.md), used by content, chat and export. */
export class IdentityClient {
  constructor(private readonly options: InternalCallOptions) {}

  /** The user, or an InternalCallError with status 404 when there is none. */
  getUser(id: number): Promise<InternalUser> {
    return internalCall(this.options, 'GET', IDENTITY_INTERNAL.user(id));
  }

  /** A registered user (never a guest) by username or email, case-insensitively; InternalCallError 404 when there is none. */
  lookUpUser(login: string): Promise<UserProfile> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.lookup, { login });
  }

  /** The profiles of the existing users among `ids`, in no particular order. */
  getProfiles(ids: number[]): Promise<UserProfile[]> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.profiles, { ids });
  }

  /** Stores a notification for each user and pushes it to their open tabs (docs/decisions/0012-sharing-and-roles.md). */
  notify(body: InternalCreateNotifications): Promise<null> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.notifications, body);
  }

  /** A new guest (docs/decisions/0005-users-guests-and-limits.md); `clientAddress` lets identity limit guest creation per address. */
  createGuest(clientAddress: string): Promise<InternalUser> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.guests, { clientAddress });
  }

  /** Atomically takes `count` units (all or none) of the month's allowance; over the limit: InternalCallError 429 LIMIT_EXCEEDED. */
  consume(userId: number, kind: UsageKind, count = 1): Promise<{ usage: Usage }> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.consume, { userId, kind, ...(count === 1 ? {} : { count }) });
  }

  /** Gives back units taken for work that then failed (docs/decisions/0007-ai-jobs-on-bullmq.md: a failed reply consumes nothing). */
  refund(userId: number, kind: UsageKind, count = 1): Promise<{ usage: Usage }> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.refund, { userId, kind, ...(count === 1 ? {} : { count }) });
  }

  /** What a personal access token stands for (docs/decisions/0015-programmatic-access.md); InternalCallError 404 when it is unknown, revoked or expired. */
  resolveToken(token: string): Promise<TokenPrincipal> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.resolveToken, { token });
  }

  /** The user's own decrypted OpenAI key, for the AI worker only; null when none is stored. */
  getOpenAiKey(userId: number): Promise<OpenAiKeyAnswer> {
    return internalCall(this.options, 'GET', IDENTITY_INTERNAL.openaiKey(userId));
  }

  /** The AI worker reports that the provider accepted the user's key (named by its fingerprint) once. */
  openAiKeyVerified(userId: number, fingerprint: string): Promise<null> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.openaiKeyVerified(userId), { fingerprint });
  }
}
