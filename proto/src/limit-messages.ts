/**
 * The two monthly allowances (docs/product.md §1) and the LIMIT_EXCEEDED texts of docs/product.md §8 for each. Zod-free,
 * so the web client can word the limit dialogs without bundling zod (usage.ts re-exports them).
 */
export const USAGE_KINDS = ['docs', 'messages'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** A LIMIT_EXCEEDED body names its allowance in `limit`; these are its words. */
export const LIMIT_MESSAGES = {
  docs: {
    message: "You've reached the document limit",
    description: 'Sign up to create more documents and save your work.',
  },
  messages: {
    message: "You've reached the message limit",
    description: 'Sign up to continue your conversation and save your work.',
  },
} as const satisfies Record<UsageKind, { message: string; description: string }>;
