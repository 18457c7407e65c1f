import { z } from 'zod';
import { workspaceIdField } from './workspaces.js';
import { documentSchema } from './documents.js';
import { chatMessageSchema, chatId, CHAT_MESSAGE_MAX_CHARS } from './chat.js';

/** `ai-assisted` asks detailed questions step by step; `start-new` is more direct (docs/product.md §2 Templates). */
export const DOCUMENT_FLOW_MODES = ['ai-assisted', 'start-new'] as const;
export type DocumentFlowMode = (typeof DOCUMENT_FLOW_MODES)[number];

/** docs/product.md §5: a blank document-flow title. */
export const FLOW_TITLE_REQUIRED = { message: 'Title required', description: "Please enter what you're working on" } as const;

export const documentFlowStartSchema = z.object({
  templateId: chatId('Template not found'),
  title: z.string().max(300, 'Title must be at most 300 characters').default(''),
  mode: z.enum(DOCUMENT_FLOW_MODES, { error: 'Unknown document flow mode' }).default('ai-assisted'),
  /** The workspace to create the document in (docs/decisions/0037-workspaces.md); none: Personal. */
  workspaceId: workspaceIdField.nullable().optional(),
});
export type DocumentFlowStart = z.infer<typeof documentFlowStartSchema>;

export const documentFlowStartAnswerSchema = z.object({
  document: documentSchema,
  userMessage: chatMessageSchema,
  assistantMessage: chatMessageSchema,
  isComplete: z.boolean(),
});

export const documentFlowMessageSchema = z.object({
  documentId: chatId('Invalid document id'),
  content: z
    .string({ error: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .max(CHAT_MESSAGE_MAX_CHARS, `Message must be at most ${CHAT_MESSAGE_MAX_CHARS} characters`),
  mode: z.enum(DOCUMENT_FLOW_MODES, { error: 'Unknown document flow mode' }).optional(),
});
export type DocumentFlowMessage = z.infer<typeof documentFlowMessageSchema>;

export const documentFlowMessageAnswerSchema = z.object({
  userMessage: chatMessageSchema,
  assistantMessage: chatMessageSchema,
  document: documentSchema,
  isComplete: z.boolean(),
});
