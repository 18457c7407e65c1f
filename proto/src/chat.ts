import { z } from 'zod';
import { documentSchema } from './documents.js';
import { chatThreadSchema } from './threads.js';
import { idNumber, idParamsSchema, idString } from './params.js';

/** The chat modes of docs/product.md §2 (Chat), each with its own system prompt and offline framework. */
export const CHAT_MODES = ['general', 'brainstorm', 'persona', 'feedback'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

export const CHAT_ROLES = ['user', 'assistant', 'system'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** Longest chat message a user may send, in characters. */
export const CHAT_MESSAGE_MAX_CHARS = 20_000;
/** Longest document the AI may write, in characters (docs/decisions/0006-ai-providers.md: the edit is validated before saving). */
export const AI_DOCUMENT_MAX_CHARS = 200_000;

/** Error codes of a failed AI reply (docs/product.md §8 body): 502 when the provider failed, 504 when it took too long. */
export const AiErrorCode = {
  AI_PROVIDER_FAILED: 'AI_PROVIDER_FAILED',
  AI_TIMEOUT: 'AI_TIMEOUT',
  AI_UNAVAILABLE: 'AI_UNAVAILABLE',
} as const;

/** An id in a chat body or query: a positive integer, as a number or a numeric string. */
export const chatId = (message: string) => z.union([idNumber(message), idString(message)], { error: message });

/** A chat message as the API answers it (docs/product.md §3). `provider`/`model` say who wrote an assistant reply. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  createdAt: z.string(),
  userId: z.number().int(),
  threadId: z.number().int().nullable(),
  documentId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  /** The user stopped this reply while it was written; its text is what came until then (docs/decisions/0014-streaming-replies.md). */
  stopped: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const messageContent = z
  .string({ error: 'Message cannot be empty' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(CHAT_MESSAGE_MAX_CHARS, `Message must be at most ${CHAT_MESSAGE_MAX_CHARS} characters`);

/**
 * `POST /api/chat` in its four forms (docs/product.md §7): general `{content, mode, threadId}`, document
 * `{content, documentId, documentContext, documentTitle}`, project `{content, projectId, projectContext}`
 * and shell panel `{content, documentId?}`. The client's documentContext/projectContext are accepted
 * but never used: the server reads its own stored copy.
 */
export const postChatSchema = z.object({
  content: messageContent,
  mode: z.enum(CHAT_MODES, { error: 'Unknown chat mode' }).default('general'),
  threadId: chatId('Invalid thread id').nullish(),
  documentId: chatId('Invalid document id').nullish(),
  documentContext: z.string().optional(),
  documentTitle: z.string().optional(),
  projectId: chatId('Invalid project id').nullish(),
  projectContext: z.string().optional(),
});
export type PostChat = z.infer<typeof postChatSchema>;

export const chatReplySchema = z.object({
  userMessage: chatMessageSchema,
  assistantMessage: chatMessageSchema,
  documentUpdated: z.boolean(),
  updatedDocument: documentSchema.nullable(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/**
 * `POST /api/chat/regenerate` (docs/decisions/0014-streaming-replies.md): a new reply to the last user message of a thread or of a document chat,
 * replacing the last reply. `mode` is the thread's chat mode (general when absent).
 */
export const regenerateChatSchema = z
  .object({
    threadId: chatId('Invalid thread id').optional(),
    documentId: chatId('Invalid document id').optional(),
    mode: z.enum(CHAT_MODES, { error: 'Unknown chat mode' }).default('general'),
  })
  .refine((body) => (body.threadId === undefined) !== (body.documentId === undefined), { message: 'Give either threadId or documentId', path: ['threadId'] });
export type RegenerateChat = z.infer<typeof regenerateChatSchema>;

/** `GET /api/chat?documentId=` or `?projectId=`: the scope whose messages to list. */
export const chatScopeQuerySchema = z.object({
  documentId: chatId('Invalid document id').optional(),
  projectId: chatId('Invalid project id').optional(),
});

export const createThreadSchema = z.object({ title: z.string().max(200, 'Title must be at most 200 characters').optional() }).default({});
export const updateThreadSchema = z.object({ title: z.string({ error: 'Title is required' }).max(200, 'Title must be at most 200 characters') });
export const threadDetailSchema = z.object({ thread: chatThreadSchema, messages: z.array(chatMessageSchema) });
export type ThreadDetail = z.infer<typeof threadDetailSchema>;
export const autoTitleAnswerSchema = z.object({ title: z.string() });

/** `GET /api/realtime/session-token`: an ephemeral secret for the browser's realtime voice connection. */
/** `GET /api/chat/{documentId}` and the thread routes' `{ id }`. */
export const chatDocumentParamsSchema = z.object({ documentId: idString('Document not found') });
export const threadParamsSchema = idParamsSchema('Thread not found');
export const realtimeSessionTokenQuerySchema = z.object({ documentId: chatId('Invalid document id').optional() });
/**
 * The secret, and where the browser sends its WebRTC offer with it: the OpenAI-compatible realtime endpoint of the
 * configured provider (OPENAI_BASE_URL, as for chat) with the session's model.
 */
export const realtimeSessionTokenSchema = z.object({
  client_secret: z.object({ value: z.string(), expires_at: z.number().optional() }),
  url: z.string(),
});
export type RealtimeSessionToken = z.infer<typeof realtimeSessionTokenSchema>;
/**
 * `GET /api/realtime/voice`: whether the server has an AI key of its own for voice sessions. A user who stored their
 * own key can start one either way; without either, voice needs an OpenAI-compatible realtime server configured.
 */
export const realtimeVoiceSchema = z.object({ serverKey: z.boolean() });
export type RealtimeVoice = z.infer<typeof realtimeVoiceSchema>;
