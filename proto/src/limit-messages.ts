/**
 * The LIMIT_EXCEEDED texts of SPEC §8, by usage kind. Zod-free, so the web client can tell which
 * limit an answer names without bundling zod (usage.ts re-exports them for the services).
 */
export const LIMIT_MESSAGES = {
  docs: {
    message: "You've reached the document limit",
    description: 'Sign up to create more documents and save your work.',
  },
  messages: {
    message: "You've reached the message limit",
    description: 'Sign up to continue your conversation and save your work.',
  },
} as const;
