import { REALTIME_CONTEXT_MAX_CHARS, type ChatReply, type DocumentDto } from '@prd/proto';
import { Switch } from 'antd';
import { useEffect, useId, useState } from 'react';
import { errorMessage, opensDialog } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { useToast } from '../../shared/toast/toast';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { useGetChatMessagesQuery } from '../chat/chat-api';
import { ChatComposer } from '../chat/chat-composer';
import { GuestMessageWarning } from '../chat/guest-message-warning';
import { MessageList } from '../chat/message-list';
import { ReplyStopped } from '../chat/reply-stream';
import { useChatConversation } from '../chat/use-chat-conversation';
import { useRealtimeChat, type RealtimeStatus } from '../chat/use-realtime-chat';
import { AiEditsChoice } from '../suggestions/ai-edits-choice';
import { dropMessage, fromChatMessage, localMessage, type ViewMessage } from '../chat/view-message';
import layout from './chat-beside-preview.module.css';
import styles from './document-editor.module.css';
import { VoiceChat } from './voice-chat';

const GREETING =
  'Ask me to improve this document. For example: "add a section called Risks", "rename the title to Launch Plan", "replace draft with final", or "add a user story: as a ...".';
const UPDATED_NOTE = "I've updated your document with the suggested changes.";

const REALTIME_STATUS: Record<RealtimeStatus, string> = {
  idle: 'Realtime chat is off',
  connecting: 'Connecting...',
  connected: 'Realtime connected',
  reconnecting: 'Reconnecting…',
  failed: 'Realtime chat is not connected',
};

interface Props {
  document: DocumentDto;
  /** The document's markdown as it is now (the live text): the AI gets it as context. */
  contentNow: () => string;
  /** A request went to the AI. */
  onAsked: () => void;
  /** Its reply ended; `documentUpdated`: the AI changed the document (the edit came through the live document). */
  onReplied: (documentUpdated: boolean) => void;
}

/**
 * The editor's AI chat (docs/product.md §2, §4): a document-scoped conversation whose replies may edit the document,
 * over HTTP (streamed), or in realtime mode over the `/ws` channel with the document as the session's context; and by voice.
 */
export function DocumentChat({ document: doc, contentNow, onAsked, onReplied }: Props) {
  const history = useGetChatMessagesQuery({ documentId: doc.id }, { refetchOnMountOrArgChange: true });
  const toast = useToast();
  const { user } = useCurrentUser();
  const conversation = useChatConversation();
  const { messages, setMessages } = conversation;
  const [input, setInput] = useState('');
  const [realtimeOn, setRealtimeOn] = useState(false);
  const realtimeSwitchId = useId();
  /** The question sent in realtime mode that has no final reply yet, and that reply so far. */
  const [asked, setAsked] = useState<ViewMessage | null>(null);
  const [partial, setPartial] = useState<ViewMessage | null>(null);

  /** A realtime question that got no reply: taken back, its text put back in the input, with the toast of docs/product.md §8. */
  const takeBack = (title: string, description: string) => {
    if (!asked) return;
    setMessages((current) => dropMessage(current ?? [], asked.key));
    setInput((current) => current || asked.content);
    setAsked(null);
    setPartial(null);
    onReplied(false);
    toast.error(title, description);
  };

  const realtime = useRealtimeChat(
    {
      // docs/product.md §5: realtime needs the document and the user to be loaded.
      active: realtimeOn && user !== undefined,
      userId: user?.id ?? null,
      scope: { documentId: doc.id },
      documentTitle: doc.title,
      documentContext: () => contentNow().slice(0, REALTIME_CONTEXT_MAX_CHARS),
    },
    {
      onAssistant: (content, isPartial, documentUpdated) => {
        if (isPartial) {
          setPartial((current) => ({ key: current?.key ?? localMessage('assistant', '').key, role: 'assistant', content }));
          return;
        }
        setPartial(null);
        setAsked(null);
        setMessages((current) => [...(current ?? []), localMessage('assistant', content), ...(documentUpdated ? [localMessage('system', UPDATED_NOTE)] : [])]);
        onReplied(documentUpdated);
      },
      onError: (message) => (asked ? takeBack('Message Error', 'Failed to send message in realtime mode') : toast.error('Chat Error', message)),
      onDisconnect: () => takeBack('Connection Error', 'Realtime chat is not connected'),
    },
  );

  if (messages === null && !history.isFetching && (history.isSuccess || history.isError)) setMessages(history.data?.map(fromChatMessage) ?? []);

  useEffect(() => {
    if (history.isError) toast.error('Failed to load chat history');
  }, [history.isError, toast]);

  /** The edit summary streams like any reply; the edit itself reaches the editor live, before `done` says so. */
  const settle = (reply: ChatReply | null) => {
    onReplied(reply?.documentUpdated === true);
    if (reply?.documentUpdated) setMessages((current) => [...(current ?? []), localMessage('system', UPDATED_NOTE)]);
  };

  const send = async (text: string) => {
    setInput('');
    onAsked();
    if (realtimeOn) {
      const question = localMessage('user', text);
      setMessages((current) => [...(current ?? []), question]);
      if (realtime.send(text)) setAsked(question);
      else {
        // The hook said why (not connected, or the frame could not go out): the question is taken back.
        setMessages((current) => dropMessage(current ?? [], question.key));
        setInput((current) => current || text);
        onReplied(false);
      }
      return;
    }
    try {
      settle(await conversation.send<ChatReply>('/api/chat', { content: text, documentId: doc.id, documentTitle: doc.title, documentContext: contentNow() }, text));
    } catch (error) {
      onReplied(false);
      setInput((current) => current || text);
      if (!(error instanceof ReplyStopped) && !opensDialog(error)) toast.error('Failed to send message', errorMessage(error));
    }
  };

  const regenerate = async () => {
    onAsked();
    try {
      settle(await conversation.regenerate<ChatReply>({ documentId: doc.id }));
    } catch (error) {
      onReplied(false);
      if (!opensDialog(error)) toast.error('Failed to regenerate the reply', errorMessage(error));
    }
  };

  const stored = messages && messages.length > 0 ? messages : [{ key: 'greeting', role: 'assistant' as const, content: GREETING }];
  const shown = partial ? [...stored, partial] : stored;
  return (
    <section className={layout.chat} aria-label="AI chat">
      <div className={styles.chatHeader}>
        <h2 className={styles.chatHeading}>AI Chat</h2>
        <AiEditsChoice documentId={doc.id} />
        <span className={styles.realtimeToggle}>
          <Switch id={realtimeSwitchId} size="small" checked={realtimeOn} onChange={setRealtimeOn} disabled={asked !== null || conversation.streaming} />
          <label htmlFor={realtimeSwitchId}>Realtime</label>
        </span>
      </div>
      {realtimeOn && (
        <p className={styles.realtimeStatus} role="status" data-status={realtime.status}>
          {REALTIME_STATUS[realtime.status]}
        </p>
      )}
      <VoiceChat documentId={doc.id} />
      <GuestMessageWarning />
      {messages === null ? (
        <LoadingState text="Loading chat history..." visible />
      ) : (
        <MessageList
          messages={shown}
          label="Document chat"
          thinking={asked !== null && partial === null}
          streamingText={conversation.streamingText}
          onRegenerate={() => void regenerate()}
        />
      )}
      <ChatComposer
        value={input}
        onChange={setInput}
        onSend={(text) => void send(text)}
        pending={conversation.streaming || asked !== null}
        onStop={conversation.stop}
        label="Ask the AI to change this document"
        placeholder="Ask for a change..."
      />
    </section>
  );
}
