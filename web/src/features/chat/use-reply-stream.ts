import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api/api';
import { dialogFor, isLimitExceeded } from '../../shared/state/error-dialogs-middleware';
import { useAppDispatch } from '../../shared/state/hooks';
import { ReplyStopped, streamReply } from './reply-stream';

export interface ReplyOptions {
  /** The calling page answers LIMIT_EXCEEDED itself (docs/product.md §8: the document flow's guest toast), so no dialog opens. */
  answersLimits?: boolean;
}

/** How a streamed reply ended: its JSON body, or stopped by the user with the text written until then. */
export type ReplyOutcome<T> = { stopped: false; body: T } | { stopped: true; text: string };

/**
 * One AI reply at a time, streamed (docs/decisions/0014-streaming-replies.md): `text` is the reply so far while it is written (null otherwise), `stop`
 * closes the request. Failures reject with the ApiError after opening the limit and sign-up dialogs (docs/product.md §8);
 * leaving the page stops the reply as Stop does. Every reply may have used the allowance: usage is refreshed.
 */
export function useReplyStream() {
  const dispatch = useAppDispatch();
  const [text, setText] = useState<string | null>(null);
  const current = useRef<{ controller: AbortController; text: string } | null>(null);

  useEffect(() => () => current.current?.controller.abort(), []);

  const run = useCallback(
    async <T>(url: string, body: unknown, options: ReplyOptions = {}): Promise<ReplyOutcome<T>> => {
      const own = { controller: new AbortController(), text: '' };
      current.current?.controller.abort();
      current.current = own;
      setText('');
      const show = (next: string) => {
        own.text = next;
        if (current.current === own) setText(next);
      };
      try {
        const result = await streamReply<T>(url, body, { onDelta: (delta) => show(own.text + delta), onRestart: () => show('') }, own.controller.signal);
        return { stopped: false, body: result };
      } catch (error) {
        if (error instanceof ReplyStopped) return { stopped: true, text: own.text.trim() };
        const dialog = options.answersLimits && isLimitExceeded(error) ? null : dialogFor(error);
        if (dialog) dispatch(dialog);
        throw error;
      } finally {
        if (current.current === own) {
          current.current = null;
          setText(null);
        }
        dispatch(api.util.invalidateTags(['Usage', 'CurrentUser']));
      }
    },
    [dispatch],
  );

  const stop = useCallback(() => current.current?.controller.abort(), []);

  return { text, streaming: text !== null, run, stop };
}
