import { createContext, useContext } from 'react';

/** What the editor's selection menu may ask of the suggestions: Ask AI about the selection (null for viewers). */
export interface SuggestionActions {
  askAi: ((instruction: string) => void) | null;
}

export const SuggestionActionsContext = createContext<SuggestionActions>({ askAi: null });

export const useSuggestionActions = (): SuggestionActions => useContext(SuggestionActionsContext);
