import type { ChatMessage, ChatThread, RealtimeSessionToken, RealtimeVoice, ThreadDetail } from '@prd/proto';
import { api } from '../../shared/api/api';

/** Which messages `GET /api/chat` lists: a document's, a project's, or (neither) the shell panel's. */
export interface ChatScope {
  documentId?: number;
  projectId?: number;
}

const scopeQuery = ({ documentId, projectId }: ChatScope): string => {
  if (documentId !== undefined) return `?documentId=${documentId}`;
  if (projectId !== undefined) return `?projectId=${projectId}`;
  return '';
};

/**
 * The chat service's calls (docs/product.md §7) other than replies, which stream (docs/decisions/0014-streaming-replies.md: use-chat-conversation.ts).
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getThreads: build.query<ChatThread[], void>({
      query: () => '/api/chat/threads',
      providesTags: ['Threads'],
    }),
    getThread: build.query<ThreadDetail, number>({
      query: (id) => `/api/chat/threads/${id}`,
    }),
    createThread: build.mutation<ChatThread, { title: string }>({
      query: (body) => ({ url: '/api/chat/threads', method: 'POST', body }),
      invalidatesTags: ['Threads', 'CurrentUser'],
    }),
    renameThread: build.mutation<ChatThread, { id: number; title: string }>({
      query: ({ id, title }) => ({ url: `/api/chat/threads/${id}`, method: 'PUT', body: { title } }),
      invalidatesTags: ['Threads'],
    }),
    deleteThread: build.mutation<null, number>({
      query: (id) => ({ url: `/api/chat/threads/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Threads'],
    }),
    autoTitleThread: build.mutation<{ title: string }, number>({
      query: (id) => ({ url: `/api/chat/threads/${id}/auto-title`, method: 'POST' }),
      invalidatesTags: ['Threads'],
    }),
    getChatMessages: build.query<ChatMessage[], ChatScope>({
      query: (scope) => `/api/chat${scopeQuery(scope)}`,
      providesTags: ['ChatMessages'],
    }),
    getRealtimeVoice: build.query<RealtimeVoice, void>({
      query: () => '/api/realtime/voice',
    }),
    // A mutation, not a query: each voice session needs a secret of its own, never a cached one.
    createVoiceToken: build.mutation<RealtimeSessionToken, number>({
      query: (documentId) => ({ url: `/api/realtime/session-token?documentId=${documentId}`, method: 'GET' }),
    }),
  }),
});

export const {
  useGetThreadsQuery,
  useLazyGetThreadQuery,
  useCreateThreadMutation,
  useRenameThreadMutation,
  useDeleteThreadMutation,
  useAutoTitleThreadMutation,
  useGetChatMessagesQuery,
  useGetRealtimeVoiceQuery,
  useCreateVoiceTokenMutation,
  useLazyGetChatMessagesQuery,
} = chatApi;
