import type { DocumentDto, Revision } from '@prd/proto';
import { api } from '../../shared/api/api';
import type { AppDispatch } from '../../shared/state/root-reducer';

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

/** The document fetched ahead of its page's first mount (prefetchDocument), until that mount has used it or the fetch failed. */
let prefetched: number | null = null;

/**
 * Starts fetching a document as the app starts on its page (app/start.tsx), beside the current user's request: the page
 * asks only once the user is known, one more round trip before its stored text can show. A refused fetch (a visitor not
 * signed in yet, a document not theirs) is forgotten, so that the page fetches the document itself. Answers whether the
 * document could be read.
 */
export function prefetchDocument(dispatch: AppDispatch, id: number): Promise<boolean> {
  prefetched = id;
  const request = dispatch(documentEditorApi.endpoints.getDocument.initiate(id, { subscribe: false, forceRefetch: true }));
  return request.unwrap().then(
    () => true,
    () => {
      if (prefetched === id) prefetched = null;
      return false;
    },
  );
}

/**
 * Whether `id` is the document prefetchDocument is fetching or fetched, not yet taken by its page: the page's first mount
 * then uses that answer instead of fetching again. Pure, so that a render React discards and starts over sees the same.
 */
export const isPrefetchedDocument = (id: number): boolean => prefetched === id;

/** Called once the page that used the prefetched answer has mounted: every later mount fetches the document anew, as the page always did. */
export function forgetPrefetchedDocument(id: number): void {
  if (prefetched === id) prefetched = null;
}

export const { useGetDocumentQuery, useRenameDocumentMutation, useGetRevisionsQuery, useNameRevisionMutation, useRestoreRevisionMutation } = documentEditorApi;
