import type { ChatMessage } from '@prd/proto';
import { useCallback, useState } from 'react';
import { ReplyStopped } from './reply-stream';
import { useReplyStream, type ReplyOptions } from './use-reply-stream';
import { dropMessage, fromChatMessage, lastReplyIndex, localMessage, settleSend, type ViewMessage } from './view-message';

/** What every chat call answers: the stored question and reply (and, per surface, more). */
interface Exchange {
  userMessage: ChatMessage;
  assistantMessage: ChatMessage;
}

/**
 * The conversation state every chat surface shares (/chat, the shell panel, document chat, the document flow):
 * the shown messages, a send and a regenerate that stream their reply (docs/decisions/0014-streaming-replies.md), and Stop. A stopped reply stays in
 * view with its text so far, as the server keeps it; stopped before any text, the question is taken back too.
 * `send` and `regenerate` resolve with the call's body, or null when stopped; they reject with the ApiError
 * (the question is then removed) or with ReplyStopped when nothing was written.
 */
export function useChatConversation(initial: ViewMessage[] | null = null) {
  const { run, stop, text: streamingText, streaming } = useReplyStream();
  const [messages, setMessages] = useState<ViewMessage[] | null>(initial);

  const send = useCallback(
    async <T extends Exchange>(url: string, body: unknown, text: string, options?: ReplyOptions): Promise<T | null> => {
      const question = localMessage('user', text);
      setMessages((current) => [...(current ?? []), question]);
      try {
        const outcome = await run<T>(url, body, options);
        if (!outcome.stopped) {
          setMessages((current) => settleSend(current ?? [], question.key, [fromChatMessage(outcome.body.userMessage), fromChatMessage(outcome.body.assistantMessage)]));
          return outcome.body;
        }
        if (!outcome.text) throw new ReplyStopped();
        setMessages((current) => [...(current ?? []), { ...localMessage('assistant', outcome.text), stopped: true }]);
        return null;
      } catch (error) {
        setMessages((current) => dropMessage(current ?? [], question.key));
        throw error;
      }
    },
    [run],
  );

  /** Streams a new reply to the last question in place of the last reply (POST /api/chat/regenerate). */
  const regenerate = useCallback(
    async <T extends Exchange>(body: unknown): Promise<T | null> => {
      const shown = messages ?? [];
      const index = lastReplyIndex(shown);
      if (index < 0) return null;
      // The reply and the notes after it (a document chat's 'updated' note) make way for the new reply.
      const replaced = shown.slice(index);
      setMessages(shown.slice(0, index));
      const restore = () => setMessages((current) => [...(current ?? []), ...replaced]);
      try {
        const outcome = await run<T>('/api/chat/regenerate', body);
        if (!outcome.stopped) {
          setMessages((current) => [...(current ?? []), fromChatMessage(outcome.body.assistantMessage)]);
          return outcome.body;
        }
        if (!outcome.text) restore();
        else setMessages((current) => [...(current ?? []), { ...localMessage('assistant', outcome.text), stopped: true }]);
        return null;
      } catch (error) {
        restore();
        throw error;
      }
    },
    [run, messages],
  );

  return { messages, setMessages, send, regenerate, stop, streamingText, streaming };
}
