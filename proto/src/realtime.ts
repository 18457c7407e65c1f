import { z } from 'zod';

/** Frames the client sends on `/ws` (SPEC §7). */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init_session'),
    userId: z.number().int(),
    documentId: z.number().int().nullable().optional(),
    projectId: z.number().int().nullable().optional(),
    documentTitle: z.string().max(500).optional(),
    documentContext: z.string().max(2_000_000).optional(),
  }),
  z.object({ type: z.literal('message'), sessionId: z.string().min(1), content: z.string().max(20_000) }),
  z.object({ type: z.literal('end_session'), sessionId: z.string().min(1) }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Frames the server sends on `/ws`. */
export type RealtimeServerMessage =
  | { type: 'session_initialized'; sessionId: string }
  | { type: 'message'; role: 'assistant' | 'user' | 'system'; content: string; isPartial: boolean }
  | { type: 'message_received' }
  | { type: 'error'; message: string };
