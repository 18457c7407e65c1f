import { useCallback } from 'react';
import { useAppDispatch } from '../../shared/state/hooks';
import { suggestionsApi, useGetSuggestionsQuery } from './suggestions-api';

/**
 * A document's suggestions, and `refresh` to fetch them again after a change was announced. RTK Query drops a `refetch()` asked
 * for while a request of the list is under way, and that request's answer may predate the change (a suggestion decided during it
 * stayed on screen). Invalidating the list's tag instead is kept until the requests under way settle (RTK Query's default
 * 'delayed' invalidation), so the change is always fetched.
 */
export function useSuggestionsList(documentId: number) {
  const suggestions = useGetSuggestionsQuery(documentId, { refetchOnMountOrArgChange: true });
  const dispatch = useAppDispatch();
  const refresh = useCallback(() => void dispatch(suggestionsApi.util.invalidateTags([{ type: 'Suggestions', id: documentId }])), [dispatch, documentId]);
  return { suggestions, refresh };
}
