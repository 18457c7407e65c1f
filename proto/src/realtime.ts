import { z } from 'zod';
import { REALTIME_CONTEXT_MAX_CHARS } from './constants.js';

/**
 * Frames the client sends on `/ws` (docs/product.md §7). init_session carries the SPEC's `{userId, documentId,
 * documentTitle, documentContext}`; a project chat sends `documentId: null`, the project's name and
 * context, and its `projectId`, which scopes the session (the server builds the context it answers
 * from out of its own stored copy).
 */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init_session'),
    userId: z.number().int(),
    documentId: z.number().int().nullable().optional(),
    projectId: z.number().int().nullable().optional(),
    documentTitle: z.string().max(500).optional(),
    documentContext: z.string().max(REALTIME_CONTEXT_MAX_CHARS).optional(),
  }),
  z.object({ type: z.literal('message'), sessionId: z.string().min(1), content: z.string().max(20_000) }),
  z.object({ type: z.literal('end_session'), sessionId: z.string().min(1) }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/**
 * Frames the server sends on `/ws`. An assistant `message` with `isPartial: true` carries the whole
 * reply so far (replace, do not append); the final one has `isPartial: false`, and in a document's
 * session says whether the reply changed the document (`documentUpdated`, as the HTTP reply does).
 */
export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session_initialized'), sessionId: z.string() }),
  z.object({
    type: z.literal('message'),
    role: z.enum(['assistant', 'user', 'system']),
    content: z.string(),
    isPartial: z.boolean(),
    documentUpdated: z.boolean().optional(),
  }),
  z.object({ type: z.literal('message_received') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
