import type { AiEditMode, AiEditPreference, Suggestion, SuggestionList } from '@prd/proto';
import { api } from '../../shared/api/api';

/** A suggestion decided: accepted (its passage replaced, a revision recorded) or rejected. */
export type Decision = 'accept' | 'reject';

/** docs/decisions/0041-suggestions.md's calls: a document's suggestions, accepting and rejecting them, and the document chat's choice for AI edits. */
export const suggestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every suggestion of the document, newest first; refetched when the live document announces a change (`useSuggestionsLive`). */
    getSuggestions: build.query<Suggestion[], number>({
      query: (documentId) => `/api/documents/${documentId}/suggestions`,
      transformResponse: (answer: SuggestionList) => answer.suggestions,
      providesTags: (_r, _e, documentId) => [{ type: 'Suggestions', id: documentId }],
    }),
    decideSuggestion: build.mutation<{ suggestion: Suggestion }, { documentId: number; suggestionId: number; decision: Decision }>({
      query: ({ documentId, suggestionId, decision }) => ({ url: `/api/documents/${documentId}/suggestions/${suggestionId}/${decision}`, method: 'POST' }),
      // Refetched after a refusal too: a 409 means the list shown is behind. An accept is a revision of the document.
      invalidatesTags: (_r, _e, { documentId, decision }) => [
        { type: 'Suggestions', id: documentId },
        ...(decision === 'accept' ? [{ type: 'Revisions' as const, id: documentId }] : []),
      ],
    }),
    getAiEditMode: build.query<AiEditMode, number>({
      query: (documentId) => `/api/chat/${documentId}/ai-edits`,
      transformResponse: (answer: AiEditPreference) => answer.mode,
      providesTags: (_r, _e, documentId) => [{ type: 'AiEdits', id: documentId }],
    }),
    setAiEditMode: build.mutation<AiEditMode, { documentId: number; mode: AiEditMode }>({
      query: ({ documentId, mode }) => ({ url: `/api/chat/${documentId}/ai-edits`, method: 'PUT', body: { mode } }),
      transformResponse: (answer: AiEditPreference) => answer.mode,
      async onQueryStarted({ documentId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(suggestionsApi.util.upsertQueryData('getAiEditMode', documentId, data));
      },
    }),
  }),
});

export const { useGetSuggestionsQuery, useDecideSuggestionMutation, useGetAiEditModeQuery, useSetAiEditModeMutation } = suggestionsApi;
