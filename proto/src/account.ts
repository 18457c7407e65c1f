import { z } from 'zod';

/** Answer of `DELETE /api/account` (docs/product.md §3): a guest gets a new guest identity, a registered user none. */
export const accountDeleteAnswerSchema = z.object({
  isGuest: z.boolean(),
  newGuestId: z.number().int().nullable(),
});
export type AccountDeleteAnswer = z.infer<typeof accountDeleteAnswerSchema>;
