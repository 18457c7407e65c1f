import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, opensDialog } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { useToast } from '../../shared/toast/toast';
import type { ChatReply } from '@prd/proto';
import { useGetChatMessagesQuery } from '../chat/chat-api';
import { ChatComposer } from '../chat/chat-composer';
import { GuestMessageWarning } from '../chat/guest-message-warning';
import { MessageList } from '../chat/message-list';
import { ReplyStopped } from '../chat/reply-stream';
import { useChatConversation } from '../chat/use-chat-conversation';
import { fromChatMessage, type ViewMessage } from '../chat/view-message';
import styles from './chat-panel.module.css';

const GREETING = "Hi! I'm your AI assistant. Ask me anything about your product, your documents or product management.";
const greeting = (): ViewMessage[] => [{ key: 'greeting', role: 'assistant', content: GREETING }];

/**
 * The 'AI Assistant' panel (docs/product.md §2, §4): history fetched once on first open (a local greeting when
 * empty); a send shows at once and is removed on failure, its text put back; 'Clear conversation'
 * resets the local view only. With a `documentId` it shows and continues that document's chat, the one its messages go to.
 */
export function ChatPanel({ documentId, open, onClose }: { documentId?: number; open: boolean; onClose: () => void }) {
  const history = useGetChatMessagesQuery(documentId === undefined ? {} : { documentId });
  const toast = useToast();
  const conversation = useChatConversation();
  const { messages, setMessages } = conversation;
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  if (messages === null && (history.isSuccess || history.isError)) {
    const stored = history.data?.map(fromChatMessage) ?? [];
    setMessages(stored.length ? stored : greeting());
  }

  useEffect(() => {
    if (history.isError) toast.error('Failed to load chat history');
  }, [history.isError, toast]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const send = async (text: string) => {
    setInput('');
    try {
      await conversation.send<ChatReply>('/api/chat', { content: text, documentId }, text);
    } catch (error) {
      setInput((current) => current || text);
      if (!(error instanceof ReplyStopped) && !opensDialog(error)) toast.error('Failed to send message', errorMessage(error));
    }
  };

  return (
    <aside className={styles.chatPanel} aria-label="AI Assistant" hidden={!open}>
      <header className={styles.chatPanelHead}>
        <h2>AI Assistant</h2>
        <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label="Close AI Assistant" onClick={onClose} />
      </header>
      <GuestMessageWarning />
      {messages === null ? (
        <LoadingState text="Loading chat history..." visible />
      ) : (
        <MessageList className={styles.messages} messages={messages} label="AI Assistant conversation" streamingText={conversation.streamingText} />
      )}
      <ChatComposer
        value={input}
        onChange={setInput}
        onSend={(text) => void send(text)}
        pending={conversation.streaming}
        onStop={conversation.stop}
        inputRef={inputRef}
        label="Message the AI Assistant"
        showRealtimeButton
      />
      <button type="button" className={styles.chatPanelClear} onClick={() => setMessages(greeting())}>
        Clear conversation
      </button>
    </aside>
  );
}
