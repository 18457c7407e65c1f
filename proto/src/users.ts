import { z } from 'zod';

export const anonymousUserSchema = z.object({
  isAuthenticated: z.literal(false),
  isAnonymous: z.literal(true),
});

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isGuest: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Answer of `GET /api/current-user` (docs/product.md §3): never a password hash, never a key. */
export const currentUserSchema = z.union([anonymousUserSchema, userSchema.extend({ isAuthenticated: z.literal(true), isAnonymous: z.literal(false) })]);
export type CurrentUser = z.infer<typeof currentUserSchema>;
