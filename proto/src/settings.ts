import { z } from 'zod';

/** `GET /api/settings` (docs/product.md §3). The key itself is never returned. */
export const settingsSchema = z.object({ hasCustomOpenaiKey: z.boolean() });
export type Settings = z.infer<typeof settingsSchema>;

/** `POST /api/settings/api-key`. */
export const apiKeySchema = z.object({
  apiKey: z.string({ error: 'API key is required' }).trim().min(1, 'API key is required').max(500, 'API key is too long'),
});
export type ApiKeyRequest = z.infer<typeof apiKeySchema>;

/** The 403 ACCOUNT_REQUIRED texts for guests and anonymous visitors (docs/product.md §6). */
export const SIGN_UP_REQUIRED = {
  message: 'Sign up required',
  description: 'Create an account to store your own OpenAI API key.',
} as const;
