/** What each chat mode of docs/product.md §2 shows: its title, the line under it, the greeting and three suggested prompts. */
export interface ChatModeInfo {
  title: string;
  description: string;
  greeting: string;
  prompts: readonly [string, string, string];
}

export const CHAT_MODES_INFO = {
  general: {
    title: 'Product Management AI',
    description: 'Ask anything about product management: requirements, prioritisation, metrics, launches.',
    greeting: "Hi! I'm your product management assistant. Ask me about requirements, priorities, metrics or anything else on your product.",
    prompts: [
      'How do I write good acceptance criteria for a user story?',
      'Which metrics should I track for a new onboarding flow?',
      'Help me prioritise features for our next release',
    ],
  },
  brainstorm: {
    title: 'Brainstorm Ideas',
    description: 'Explore new features and directions for your product, from rough idea to options worth testing.',
    greeting: "Let's brainstorm! Tell me about your product or the problem you want to solve, and I'll suggest ideas to explore.",
    prompts: ['Ideas to improve retention in a mobile fitness app', 'New features for a team calendar tool', 'Ways to make onboarding in a B2B dashboard faster'],
  },
  persona: {
    title: 'Create Persona',
    description: 'Build user personas with goals, frustrations and behaviours from what you know about your users.',
    greeting: "Let's create a user persona. Describe your target users — who they are, what they do and what they struggle with.",
    prompts: ['A busy project manager at a mid-sized software company', 'A first-time home buyer using a mortgage app', 'A small online shop owner who does their own bookkeeping'],
  },
  feedback: {
    title: 'Get Feedback',
    description: 'Get a critical review of a product idea or a PRD: gaps, risks and what to sharpen.',
    greeting: "Share a product idea or paste a PRD, and I'll review it: what is missing, what is vague and what could go wrong.",
    prompts: [
      'A browser extension that summarises long email threads',
      'A marketplace connecting local farmers with restaurants',
      'An AI assistant that writes release notes from commits',
    ],
  },
} as const satisfies Record<string, ChatModeInfo>;

export type ChatMode = keyof typeof CHAT_MODES_INFO;

/** The chat modes of docs/product.md §2 and the title each one gives the chat page. */
export const CHAT_MODE_TITLES: Record<ChatMode, string> = {
  general: CHAT_MODES_INFO.general.title,
  brainstorm: CHAT_MODES_INFO.brainstorm.title,
  persona: CHAT_MODES_INFO.persona.title,
  feedback: CHAT_MODES_INFO.feedback.title,
};

const isChatMode = (value: string): value is ChatMode => Object.hasOwn(CHAT_MODES_INFO, value);

/** The `mode` query parameter, falling back to general when absent or unknown. */
export const parseChatMode = (value: string | null): ChatMode => (value && isChatMode(value) ? value : 'general');
