import type { Comment, CommentThread, CreateComment, PersonWithAccess, UpdateComment } from '@prd/proto';
import { api } from '../../shared/api/api';

/** docs/decisions/0012-sharing-and-roles.md's comment calls, and who has access to a document (whom a comment can mention). */
export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `version` (the document's updatedAt) is part of the key: an edit re-anchors (or orphans) the threads. */
    getComments: build.query<CommentThread[], { documentId: number; version: string }>({
      query: ({ documentId }) => `/api/documents/${documentId}/comments`,
      providesTags: (_r, _e, { documentId }) => [{ type: 'Comments', id: documentId }],
    }),
    getPeopleWithAccess: build.query<PersonWithAccess[], number>({
      query: (documentId) => `/api/documents/${documentId}/people`,
    }),
    createComment: build.mutation<Comment, CreateComment & { documentId: number }>({
      query: ({ documentId, ...body }) => ({ url: `/api/documents/${documentId}/comments`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { documentId }) => [{ type: 'Comments', id: documentId }],
    }),
    replyToComment: build.mutation<Comment, { documentId: number; commentId: number; content: string }>({
      query: ({ commentId, content }) => ({ url: `/api/comments/${commentId}/replies`, method: 'POST', body: { content } }),
      invalidatesTags: (_r, _e, { documentId }) => [{ type: 'Comments', id: documentId }],
    }),
    updateComment: build.mutation<Comment, { documentId: number; commentId: number; change: UpdateComment }>({
      query: ({ commentId, change }) => ({ url: `/api/comments/${commentId}`, method: 'PATCH', body: change }),
      invalidatesTags: (_r, _e, { documentId }) => [{ type: 'Comments', id: documentId }],
    }),
    deleteComment: build.mutation<null, { documentId: number; commentId: number }>({
      query: ({ commentId }) => ({ url: `/api/comments/${commentId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { documentId }) => [{ type: 'Comments', id: documentId }],
    }),
  }),
});

export const { useGetCommentsQuery, useGetPeopleWithAccessQuery, useCreateCommentMutation, useReplyToCommentMutation, useUpdateCommentMutation, useDeleteCommentMutation } =
  commentsApi;
