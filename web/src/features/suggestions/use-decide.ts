import { useCallback } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { useDecideSuggestionMutation, type Decision } from './suggestions-api';

const FAILED: Record<Decision, string> = { accept: 'Could not accept the suggestion', reject: 'Could not reject the suggestion' };

/**
 * Accepts or rejects one suggestion; a refusal (409: already decided, or outdated) is shown with the server's message, and the
 * list is fetched again either way. Resolves true when it was decided.
 */
export function useDecide(documentId: number) {
  const [decideSuggestion, state] = useDecideSuggestionMutation();
  const toast = useToast();
  const decide = useCallback(
    async (suggestionId: number, decision: Decision): Promise<boolean> => {
      try {
        await decideSuggestion({ documentId, suggestionId, decision }).unwrap();
        return true;
      } catch (error) {
        toast.error(FAILED[decision], errorMessage(error));
        return false;
      }
    },
    [decideSuggestion, documentId, toast],
  );
  return { decide, deciding: state.isLoading };
}
