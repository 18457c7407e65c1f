import type { ProposeSuggestions, Suggestion } from '@prd/proto';
import { api } from '../../shared/api/api';

/** Suggesting mode's one call: the person's typing, as suggestions (docs/decisions/0041-suggestions.md). */
export const suggestingModeApi = api.injectEndpoints({
  endpoints: (build) => ({
    proposeSuggestions: build.mutation<{ suggestions: Suggestion[] }, { documentId: number } & ProposeSuggestions>({
      query: ({ documentId, suggestions }) => ({ url: `/api/documents/${documentId}/suggestions/proposals`, method: 'POST', body: { suggestions } }),
    }),
  }),
});

export const { useProposeSuggestionsMutation } = suggestingModeApi;
