import type { HocuspocusProvider } from '@hocuspocus/provider';
import type { AskSuggestionAnswer } from '@prd/proto';
import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { api } from '../../shared/api/api';
import { dialogFor, errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useAppDispatch } from '../../shared/state/hooks';
import { useToast } from '../../shared/toast/toast';
import { perFrame } from '../../shared/ui/per-frame';
import { ReplyStopped, streamReply } from '../chat/reply-stream';
import { quoteFromEditor } from '../comments/quote-from-editor';
import { SuggestionActionsContext } from './suggestion-actions';
import { trackedChangesOf } from './suggestion-label';
import { useSuggestionsLive } from './suggestions-live';
import { useDecide } from './use-decide';
import { useSuggestionsList } from './use-suggestions-list';

interface Props {
  documentId: number;
  /** The editor on the live document, once it is open. */
  editor: Editor | null;
  /** The live document's provider: its stateless messages announce changed suggestions. */
  provider: HocuspocusProvider | null;
  /** Commenters and up may ask the AI for a suggestion. */
  canAsk: boolean;
  /** Owners and editors accept and reject. */
  canDecide: boolean;
  /** The editor. */
  children: ReactNode;
}

/**
 * A document's suggestions in its editor (docs/decisions/0041-suggestions.md): the list, fetched again whenever the live
 * document announces a change, shown as tracked changes with Accept and Reject; and Ask AI on the selection, whose answer
 * streams in place as a pending insertion until the stored suggestion replaces it.
 */
export function DocumentSuggestions({ documentId, editor, provider, canAsk, canDecide, children }: Props) {
  const { suggestions, refresh } = useSuggestionsList(documentId);
  const { decide } = useDecide(documentId);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const asking = useRef<AbortController | null>(null);
  useSuggestionsLive(documentId, provider, refresh);

  // Ask AI's answer stored as this suggestion, at this time: its preview ends with the first list fetched after.
  const settling = useRef<{ id: number; at: number } | null>(null);
  const onDecide = useCallback((id: number, decision: 'accept' | 'reject') => void decide(id, decision), [decide]);
  // When the request of the list shown was sent (none while one is under way).
  const fetchedAt = suggestions.isFetching ? undefined : suggestions.startedTimeStamp;
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.commands.setTrackedChanges(trackedChangesOf(suggestions.data ?? []), canDecide, onDecide);
    // That list holds the suggestion (its tracked change took the preview's place above), or it was decided first.
    const waiting = settling.current;
    if (waiting && fetchedAt !== undefined && fetchedAt >= waiting.at) {
      settling.current = null;
      editor.commands.setSuggestionPreview({ settled: waiting.id });
    }
  }, [editor, suggestions.data, fetchedAt, canDecide, onDecide]);

  useEffect(() => () => asking.current?.abort(), []);

  const askAi = useCallback(
    async (instruction: string) => {
      if (!editor || editor.isDestroyed) return;
      const { from, to } = editor.state.selection;
      const quote = quoteFromEditor(editor.state.doc, from, to);
      if (!quote) {
        toast.error('Cannot ask AI about this selection', 'Select text within one paragraph to ask the AI about it.');
        return;
      }
      asking.current?.abort();
      const own = new AbortController();
      asking.current = own;
      const preview = (change: Parameters<Editor['commands']['setSuggestionPreview']>[0]) => {
        if (asking.current === own && !editor.isDestroyed) editor.commands.setSuggestionPreview(change);
      };
      let text = '';
      preview({ from, to, text });
      // One transaction a frame, not one a token: a provider's chunk holds several tokens, and each transaction is a pass over the editor.
      const streamed = perFrame((now: string) => preview({ text: now }));
      try {
        const answer = await streamReply<AskSuggestionAnswer>(
          `/api/documents/${documentId}/suggestions`,
          { instruction, quote },
          {
            onDelta: (delta) => streamed.set((text += delta)),
            onRestart: () => streamed.set((text = '')),
          },
          own.signal,
        );
        if (answer.suggestion) {
          streamed.flush();
          // The preview stays until the list holds the stored suggestion, so the passage never flickers back.
          preview({ doneAs: answer.suggestion.id });
          settling.current = { id: answer.suggestion.id, at: Date.now() };
          refresh();
        } else {
          preview(null);
          toast.error('No suggestion', answer.note ?? 'The AI found nothing to change in this passage.');
        }
      } catch (error) {
        preview(null);
        if (error instanceof ReplyStopped) return;
        const dialog = dialogFor(error);
        if (dialog) dispatch(dialog);
        else toast.error('Ask AI failed', errorMessage(error));
      } finally {
        streamed.cancel();
        if (asking.current === own) asking.current = null;
        dispatch(api.util.invalidateTags(['Usage', 'CurrentUser']));
      }
    },
    [editor, documentId, refresh, toast, dispatch],
  );

  const actions = useMemo(() => ({ askAi: canAsk ? (instruction: string) => void askAi(instruction) : null }), [canAsk, askAi]);
  return <SuggestionActionsContext.Provider value={actions}>{children}</SuggestionActionsContext.Provider>;
}
