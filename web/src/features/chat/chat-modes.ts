/** The chat modes of SPEC §2 and the title each one gives the chat page. */
export const CHAT_MODE_TITLES = {
  general: 'Product Management AI',
  brainstorm: 'Brainstorm Ideas',
  persona: 'Create Persona',
  feedback: 'Get Feedback',
} as const;

export type ChatMode = keyof typeof CHAT_MODE_TITLES;

const isChatMode = (value: string): value is ChatMode => Object.hasOwn(CHAT_MODE_TITLES, value);

/** The `mode` query parameter, falling back to general when absent or unknown. */
export const parseChatMode = (value: string | null): ChatMode => (value && isChatMode(value) ? value : 'general');
