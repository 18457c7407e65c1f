import type { ChatReply, DocumentDto } from '@prd/proto';
import { useEffect, useState } from 'react';
import { errorMessage, opensDialog } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { useToast } from '../../shared/toast/toast';
import { useGetChatMessagesQuery } from '../chat/chat-api';
import { ChatComposer } from '../chat/chat-composer';
import { GuestMessageWarning } from '../chat/guest-message-warning';
import { MessageList } from '../chat/message-list';
import { ReplyStopped } from '../chat/reply-stream';
import { useChatConversation } from '../chat/use-chat-conversation';
import { fromChatMessage, localMessage } from '../chat/view-message';
import layout from './chat-beside-preview.module.css';
import styles from './document-editor.module.css';

const GREETING =
  'Ask me to improve this document. For example: "add a section called Risks", "rename the title to Launch Plan", "replace draft with final", or "add a user story: as a ...".';
const UPDATED_NOTE = "I've updated your document with the suggested changes.";

interface Props {
  /** The document with its live text (the AI gets it as context). */
  document: DocumentDto;
  /** A request went to the AI. */
  onAsked: () => void;
  /** Its reply ended; `documentUpdated`: the AI changed the document (the edit came through the live document). */
  onReplied: (documentUpdated: boolean) => void;
}

/** The editor's AI chat (docs/product.md §2, §4): a document-scoped conversation whose replies may edit the document. */
export function DocumentChat({ document: doc, onAsked, onReplied }: Props) {
  const history = useGetChatMessagesQuery({ documentId: doc.id }, { refetchOnMountOrArgChange: true });
  const toast = useToast();
  const conversation = useChatConversation();
  const { messages, setMessages } = conversation;
  const [input, setInput] = useState('');

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
    try {
      settle(await conversation.send<ChatReply>('/api/chat', { content: text, documentId: doc.id, documentTitle: doc.title, documentContext: doc.content }, text));
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

  const shown = messages && messages.length > 0 ? messages : [{ key: 'greeting', role: 'assistant' as const, content: GREETING }];
  return (
    <section className={layout.chat} aria-label="AI chat">
      <h2 className={styles.chatHeading}>AI Chat</h2>
      <GuestMessageWarning />
      {messages === null ? (
        <LoadingState text="Loading chat history..." visible />
      ) : (
        <MessageList messages={shown} label="Document chat" streamingText={conversation.streamingText} onRegenerate={() => void regenerate()} />
      )}
      <ChatComposer
        value={input}
        onChange={setInput}
        onSend={(text) => void send(text)}
        pending={conversation.streaming}
        onStop={conversation.stop}
        label="Ask the AI to change this document"
        placeholder="Ask for a change..."
      />
    </section>
  );
}
