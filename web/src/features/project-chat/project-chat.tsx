import { useState } from 'react';
import { useGetProjectDocumentsQuery, useGetProjectQuery } from '../../app/content-api';
import { errorMessage, opensDialog } from '../../app/error-dialogs-middleware';
import { LoadingState } from '../../app/loading-state';
import { useToast } from '../../app/toast';
import { useCurrentUser } from '../../app/use-current-user';
import { useGetChatMessagesQuery } from '../chat/chat-api';
import { ChatComposer } from '../chat/chat-composer';
import { MessageList } from '../chat/message-list';
import { ReplyStopped } from '../chat/reply-stream';
import { useReplyStream } from '../chat/use-reply-stream';
import { fromChatMessage, localMessage, type ViewMessage } from '../chat/view-message';
import { projectContext } from './project-context';
import { useRealtimeChat } from './use-realtime-chat';
import '../chat/chat.css';

/**
 * The project's conversation with the AI about the project and all its documents (SPEC §2, §4):
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

  const realtime = useRealtimeChat(
    { active, userId: user?.id ?? null, projectId, projectName: project.data?.name },
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
    // No realtime session: the same question over HTTP (SPEC §7 project form), streamed like every reply (D14).
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
    <div className="project-chat">
      <p className="project-chat-status" data-status={realtime.status}>
        {realtime.status === 'connected' ? 'Realtime connected' : realtime.status === 'connecting' ? 'Connecting...' : 'Ask about this project and its documents'}
      </p>
      {messages.length === 0 ? (
        <p className="project-chat-empty">Ask anything about this project: its goals, its documents, what is missing.</p>
      ) : (
        <MessageList messages={messages} label="Project chat" thinking={pending && streaming === null && !http.streaming} streamingText={http.text} showTimes />
      )}
      <ChatComposer value={input} onChange={setInput} onSend={(text) => void send(text)} pending={pending} onStop={http.streaming ? http.stop : undefined} label="Message about this project" placeholder="Ask about this project..." />
    </div>
  );
}
