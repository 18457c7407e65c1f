import type { ChatMessage, ChatMode, ChatReply, ChatThread, ThreadDetail } from '@prd/proto';
import { api } from '../../app/api';

/** What a `POST /api/chat` carries in its four forms (SPEC §7): general, document, project and shell panel. */
export interface SendChatInput {
  content: string;
  mode?: ChatMode;
  threadId?: number;
  documentId?: number;
  documentTitle?: string;
  documentContext?: string;
  projectId?: number;
  projectContext?: string;
}

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

const chatTagged = api.enhanceEndpoints({ addTagTypes: ['Threads', 'ChatMessages'] });

/**
 * The chat service's calls (SPEC §7). A reply consumes one message of the allowance, so it
 * refreshes the usage line; an anonymous visitor's first message makes them a guest.
 */
export const chatApi = chatTagged.injectEndpoints({
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
    sendChat: build.mutation<ChatReply, SendChatInput>({
      query: (body) => ({ url: '/api/chat', method: 'POST', body }),
      // A thread's reply moves it to the top of the list (most recently updated first).
      invalidatesTags: (_result, _error, { threadId }) => (threadId === undefined ? ['Usage', 'CurrentUser'] : ['Usage', 'CurrentUser', 'Threads']),
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
  useLazyGetChatMessagesQuery,
  useSendChatMutation,
} = chatApi;
