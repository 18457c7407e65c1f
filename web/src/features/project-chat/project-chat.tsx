import { REALTIME_CONTEXT_MAX_CHARS } from '@prd/proto';
import { useState } from 'react';
import { useGetProjectDocumentsQuery, useGetProjectQuery } from '../../shared/api/content-api';
import { errorMessage, opensDialog } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { useToast } from '../../shared/toast/toast';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { useGetChatMessagesQuery } from '../chat/chat-api';
import { ChatComposer } from '../chat/chat-composer';
import { MessageList } from '../chat/message-list';
import { ReplyStopped } from '../chat/reply-stream';
import { useReplyStream } from '../chat/use-reply-stream';
import { fromChatMessage, localMessage, type ViewMessage } from '../chat/view-message';
import { projectContext } from './project-context';
import { useRealtimeChat, type RealtimeStatus } from '../chat/use-realtime-chat';
import styles from './project-chat.module.css';

const STATUS_TEXT: Record<RealtimeStatus, string> = {
  idle: 'Ask about this project and its documents',
  connecting: 'Connecting...',
  connected: 'Realtime connected',
  reconnecting: 'Reconnecting…',
  failed: 'Realtime chat is not connected',
};

/**
 * The project's conversation with the AI about the project and all its documents (docs/product.md §2, §4):
 * over realtime `/ws` while active, replies streaming in as they are written; over HTTP when no
 * realtime session is open. After each reply the stored messages are fetched again.
 */
export function ProjectChat({ projectId, active }: { projectId: number; active: boolean }) {
  const { user } = useCurrentUser();
  const project = useGetProjectQuery(projectId);
  const documents = useGetProjectDocumentsQuery(projectId);
  const history = useGetChatMessagesQuery({ projectId }, { refetchOnMountOrArgChange: true });
  const http = useReplyStream();
  const toast = useToast();
  const [input, setInput] = useState('');
  const [sent, setSent] = useState<ViewMessage | null>(null);
  const [streaming, setStreaming] = useState<ViewMessage | null>(null);

  /** The reply is complete: fetch the stored conversation, then drop the local copies. */
  const settle = async () => {
    await history.refetch();
    setSent(null);
    setStreaming(null);
  };

  const fail = (text: string, title: string, description: string) => {
    setSent(null);
    setStreaming(null);
    setInput((current) => current || text);
    toast.error(title, description);
  };

  // docs/product.md §5: realtime starts once both the user and the project (with its documents) are loaded.
  const loaded = project.data !== undefined && documents.data !== undefined;
  const context = loaded ? projectContext(project.data, documents.data ?? []).slice(0, REALTIME_CONTEXT_MAX_CHARS) : '';
  const realtime = useRealtimeChat(
    {
      active: active && loaded,
      userId: user?.id ?? null,
      scope: { projectId },
      documentTitle: project.data?.name ?? '',
      documentContext: () => context,
    },
    {
      onAssistant: (content, isPartial) => {
        setStreaming((current) => ({ key: current?.key ?? localMessage('assistant', '').key, role: 'assistant', content, createdAt: new Date().toISOString() }));
        if (!isPartial) void settle();
      },
      onError: (message) => {
        if (sent) fail(sent.content, 'Chat Error', message || 'Something went wrong');
        else toast.error('Chat Error', message || 'Something went wrong');
      },
      onDisconnect: () => {
        if (sent) fail(sent.content, 'Connection Error', 'Realtime chat is not connected');
      },
    },
  );

  const send = async (text: string) => {
    const optimistic = localMessage('user', text);
    setInput('');
    setSent(optimistic);
    if (realtime.send(text)) return;
    // No realtime session (the user was told so): the same question over HTTP (docs/product.md §7 project form), streamed like every reply (docs/decisions/0014-streaming-replies.md).
    try {
      await http.run('/api/chat', { content: text, projectId, projectContext: projectContext(project.data, documents.data ?? []) });
      await settle();
    } catch (error) {
      setSent(null);
      setInput((current) => current || text);
      if (!(error instanceof ReplyStopped) && !opensDialog(error)) toast.error('Error sending message', errorMessage(error));
    }
  };

  if (history.isLoading) return <LoadingState text="Loading project chat..." />;
  const stored = (history.data ?? []).map(fromChatMessage);
  const messages = [...stored, ...(sent ? [sent] : []), ...(streaming ? [streaming] : [])];
  const pending = sent !== null;

  return (
    <div className={styles.projectChat}>
      <p className={styles.projectChatStatus} data-status={realtime.status}>
        {STATUS_TEXT[realtime.status]}
      </p>
      {messages.length === 0 ? (
        <p className={styles.projectChatEmpty}>Ask anything about this project: its goals, its documents, what is missing.</p>
      ) : (
        <MessageList
          className={styles.messages}
          messages={messages}
          label="Project chat"
          thinking={pending && streaming === null && !http.streaming}
          streamingText={http.text}
          showTimes
        />
      )}
      <ChatComposer
        value={input}
        onChange={setInput}
        onSend={(text) => void send(text)}
        pending={pending}
        onStop={http.streaming ? http.stop : undefined}
        label="Message about this project"
        placeholder="Ask about this project..."
      />
    </div>
  );
}
