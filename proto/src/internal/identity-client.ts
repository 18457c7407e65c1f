import { z } from 'zod';
import { internalCall, type InternalCallOptions } from './internal-call.js';
import type { Usage } from '../errors.js';
import type { UsageKind } from '../usage.js';

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

/** Body of `POST /internal/users/:id/openai-key/verified`: the fingerprint of the key the provider accepted. */
export const openAiKeyVerifiedSchema = z.object({
  fingerprint: z.string({ error: 'fingerprint is required' }).min(1, 'fingerprint is required').max(100, 'fingerprint is too long'),
});
export type OpenAiKeyVerified = z.infer<typeof openAiKeyVerifiedSchema>;

export const IDENTITY_INTERNAL = {
  user: (id: number) => `/internal/users/${id}`,
  guests: '/internal/users/guests',
  openaiKey: (id: number) => `/internal/users/${id}/openai-key`,
  openaiKeyVerified: (id: number) => `/internal/users/${id}/openai-key/verified`,
  consume: '/internal/usage/consume',
  refund: '/internal/usage/refund',
} as const;

/** Typed client of identity's internal routes (D3), used by content, chat and export. */
export class IdentityClient {
  constructor(private readonly options: InternalCallOptions) {}

  /** The user, or an InternalCallError with status 404 when there is none. */
  getUser(id: number): Promise<InternalUser> {
    return internalCall(this.options, 'GET', IDENTITY_INTERNAL.user(id));
  }

  /** A new guest (D5); `clientAddress` lets identity limit guest creation per address. */
  createGuest(clientAddress: string): Promise<InternalUser> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.guests, { clientAddress });
  }

  /** Atomically takes one unit of the month's allowance; over the limit: InternalCallError 429 LIMIT_EXCEEDED. */
  consume(userId: number, kind: UsageKind): Promise<{ usage: Usage }> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.consume, { userId, kind });
  }

  /** Gives back a unit taken for work that then failed (D7: a failed reply consumes nothing). */
  refund(userId: number, kind: UsageKind): Promise<{ usage: Usage }> {
    return internalCall(this.options, 'POST', IDENTITY_INTERNAL.refund, { userId, kind });
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
