import { z } from 'zod';

/** Answer of `DELETE /api/account` (docs/product.md §3): a guest gets a new guest identity, a registered user none. */
export const accountDeleteAnswerSchema = z.object({
  isGuest: z.boolean(),
  newGuestId: z.number().int().nullable(),
});
export type AccountDeleteAnswer = z.infer<typeof accountDeleteAnswerSchema>;

/** Who a deleted account's comments and activities are signed by once it is gone. */
export const DELETED_USER_NAME = 'Deleted user';
/** What identity's content call (`POST /internal/users/:id/erase`) removed or re-signed, by kind. */
export const accountErasureAnswerSchema = z.object({
  grantsGiven: z.number().int(),
  grantsReceived: z.number().int(),
  shareLinks: z.number().int(),
  comments: z.number().int(),
});
export type AccountErasureAnswer = z.infer<typeof accountErasureAnswerSchema>;
