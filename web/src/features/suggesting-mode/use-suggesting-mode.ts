import { roleAllows, SUGGESTIONS_PER_EDIT_MAX, TOO_MANY_PASSAGES, type Role } from '@prd/proto';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { useProposeSuggestionsMutation } from './suggesting-mode-api';
import type { SuggestionFork } from './suggestion-fork';

export type EditMode = 'editing' | 'suggesting';

/** How long the count of changes may lag the typing: counting serializes the document twice. */
const COUNT_DELAY_MS = 300;

const storageKey = (documentId: number) => `prd.editMode.${documentId}`;

function storedMode(documentId: number): EditMode {
  try {
    return localStorage.getItem(storageKey(documentId)) === 'suggesting' ? 'suggesting' : 'editing';
  } catch {
    return 'editing';
  }
}

export interface SuggestingMode {
  /** Which modes this person has: owners and editors both, commenters suggesting only, viewers neither. */
  modes: EditMode[];
  mode: EditMode;
  /** Switches; leaving suggesting mode with changes not sent is refused (false): the page asks to send or discard them first. */
  setMode: (mode: EditMode) => boolean;
  /** The document to bind the editor to in suggesting mode (the fork), null in editing mode. */
  doc: Y.Doc | null;
  /** Changed passages typed in suggesting mode, a moment behind the typing. */
  changes: number;
  sending: boolean;
  /** Sends the changes as suggestions, then starts again from the live document; false when they could not be sent. */
  submit: () => Promise<boolean>;
  discard: () => void;
}

/**
 * Editing or suggesting on the document page (issue 33, docs/decisions/0041-suggestions.md): in suggesting mode the editor is bound to
 * a fork of the live document that follows it but sends nothing, and what was typed goes to the server as suggestions. The choice is
 * remembered per document in this browser.
 */
export function useSuggestingMode(documentId: number, live: Y.Doc | null, role: Role | undefined, readOnly: boolean): SuggestingMode {
  const modes: EditMode[] = !role || readOnly ? [] : roleAllows(role, 'editor') ? ['editing', 'suggesting'] : roleAllows(role, 'commenter') ? ['suggesting'] : [];
  const [chosen, setChosen] = useState<EditMode>(() => storedMode(documentId));
  const mode: EditMode = modes.length === 1 ? modes[0]! : modes.length === 0 ? 'editing' : chosen;
  const [fork, setFork] = useState<SuggestionFork | null>(null);
  const [changes, setChanges] = useState(0);
  const [propose, { isLoading: sending }] = useProposeSuggestionsMutation();
  const toast = useToast();
  const suggesting = mode === 'suggesting' && modes.length > 0;

  useEffect(() => {
    if (!suggesting || !live) return;
    let closed = false;
    let stop = () => undefined as void;
    // Yjs and the shared schema load with the editor, not with the page.
    void import('./suggestion-fork').then(({ SuggestionFork }) => {
      if (closed) return;
      const made = new SuggestionFork(live);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const unsubscribe = made.subscribe(() => {
        timer ??= setTimeout(() => {
          timer = undefined;
          setChanges(made.changes().length);
        }, COUNT_DELAY_MS);
      });
      stop = () => {
        clearTimeout(timer);
        unsubscribe();
        made.destroy();
      };
      setFork(made);
    });
    return () => {
      closed = true;
      stop();
      setFork(null);
      setChanges(0);
    };
  }, [suggesting, live]);

  const noSubscription = useCallback(() => () => undefined, []);
  const doc = useSyncExternalStore(fork?.subscribe ?? noSubscription, fork?.getDoc ?? (() => null));

  const setMode = useCallback(
    (next: EditMode): boolean => {
      if (next === 'editing' && fork && fork.changes().length > 0) return false;
      setChosen(next);
      try {
        localStorage.setItem(storageKey(documentId), next);
      } catch {
        // Storage full or denied: the choice holds for this page only.
      }
      return true;
    },
    [fork, documentId],
  );

  const submit = useCallback(async (): Promise<boolean> => {
    if (!fork) return false;
    const suggestions = fork.changes();
    if (suggestions.length === 0) return true;
    if (suggestions.length > SUGGESTIONS_PER_EDIT_MAX) {
      toast.error('Could not suggest these changes', TOO_MANY_PASSAGES);
      return false;
    }
    try {
      await propose({ documentId, suggestions }).unwrap();
    } catch (error) {
      toast.error('Could not suggest these changes', errorMessage(error));
      return false;
    }
    fork.reset();
    setChanges(0);
    toast.success(suggestions.length === 1 ? 'Change suggested' : `${suggestions.length} changes suggested`, 'The owner or an editor accepts or rejects them.');
    return true;
  }, [fork, propose, documentId, toast]);

  const discard = useCallback(() => {
    fork?.reset();
    setChanges(0);
  }, [fork]);

  return { modes, mode, setMode, doc: suggesting ? doc : null, changes, sending, submit, discard };
}
