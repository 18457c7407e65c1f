import type { DocumentDto, Revision } from '@prd/proto';
import { api } from '../../shared/api/api';

/** The editor's calls (docs/product.md §7 and the revision history): one document, its title, its revisions and restores (the text changes through the live document). */
export const documentEditorApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The `t` query busts any cache between the browser and the service, so polling sees fresh text. */
    getDocument: build.query<DocumentDto, number>({
      query: (id) => `/api/documents/${id}?t=${Date.now()}`,
      providesTags: (_result, _error, id) => [{ type: 'Document', id }],
    }),
    /** The title, changed in place (the text changes through the live document). */
    renameDocument: build.mutation<DocumentDto, { id: number; title: string }>({
      query: ({ id, title }) => ({ url: `/api/documents/${id}`, method: 'PATCH', body: { title } }),
      invalidatesTags: ['Documents', 'ProjectDocuments'],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(documentEditorApi.util.upsertQueryData('getDocument', id, data));
      },
    }),
    getRevisions: build.query<Revision[], number>({
      query: (id) => `/api/documents/${id}/revisions`,
      providesTags: (_result, _error, id) => [{ type: 'Revisions', id }, 'Revisions'],
    }),
    /** Names a revision (`name`), or removes its name (`null`). */
    nameRevision: build.mutation<Revision, { id: number; revisionId: number; name: string | null }>({
      query: ({ id, revisionId, name }) =>
        name === null
          ? { url: `/api/documents/${id}/revisions/${revisionId}/name`, method: 'DELETE' }
          : { url: `/api/documents/${id}/revisions/${revisionId}/name`, method: 'PUT', body: { name } },
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Revisions', id }],
    }),
    restoreRevision: build.mutation<DocumentDto, { id: number; revisionId: number }>({
      query: ({ id, revisionId }) => ({ url: `/api/documents/${id}/revisions/${revisionId}/restore`, method: 'POST' }),
      invalidatesTags: ['Revisions', 'Documents', 'ProjectDocuments'],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(documentEditorApi.util.upsertQueryData('getDocument', id, data));
      },
    }),
  }),
});

export const { useGetDocumentQuery, useRenameDocumentMutation, useGetRevisionsQuery, useNameRevisionMutation, useRestoreRevisionMutation } = documentEditorApi;
