import type { DocumentDto } from '@prd/proto';
import { useEffect, useState } from 'react';
import { errorMessage, opensDialog } from '../../app/error-dialogs-middleware';
import { LoadingState } from '../../app/loading-state';
import { useToast } from '../../app/toast';
import { useGetChatMessagesQuery, useSendChatMutation } from '../chat/chat-api';
import { ChatComposer } from '../chat/chat-composer';
import { GuestMessageWarning } from '../chat/guest-message-warning';
import { MessageList } from '../chat/message-list';
import { dropMessage, fromChatMessage, localMessage, settleSend, type ViewMessage } from '../chat/view-message';

const GREETING =
  'Ask me to improve this document. For example: "add a section called Risks", "rename the title to Launch Plan", "replace draft with final", or "add a user story: as a ...".';
const UPDATED_NOTE = "I've updated your document with the suggested changes.";

interface Props {
  document: DocumentDto;
  /** The AI changed (and saved) the document. */
  onDocumentUpdated: () => void;
}

/** The editor's AI chat (SPEC §2, §4): a document-scoped conversation whose replies may edit the document. */
export function DocumentChat({ document: doc, onDocumentUpdated }: Props) {
  const history = useGetChatMessagesQuery({ documentId: doc.id }, { refetchOnMountOrArgChange: true });
  const [sendChat] = useSendChatMutation();
  const toast = useToast();
  const [messages, setMessages] = useState<ViewMessage[] | null>(null);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);

  if (messages === null && !history.isFetching && (history.isSuccess || history.isError)) setMessages(history.data?.map(fromChatMessage) ?? []);

  useEffect(() => {
    if (history.isError) toast.error('Failed to load chat history');
  }, [history.isError, toast]);

  const send = async (text: string) => {
    const optimistic = localMessage('user', text);
    setInput('');
    setMessages((current) => [...(current ?? []), optimistic]);
    setPending(true);
    try {
      const reply = await sendChat({ content: text, documentId: doc.id, documentTitle: doc.title, documentContext: doc.content }).unwrap();
      const stored = [fromChatMessage(reply.userMessage), fromChatMessage(reply.assistantMessage)];
      if (reply.documentUpdated) stored.push(localMessage('system', UPDATED_NOTE));
      setMessages((current) => settleSend(current ?? [], optimistic.key, stored));
      if (reply.documentUpdated) onDocumentUpdated();
    } catch (error) {
      setMessages((current) => dropMessage(current ?? [], optimistic.key));
      setInput((current) => current || text);
      if (!opensDialog(error)) toast.error('Failed to send message', errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const shown = messages && messages.length > 0 ? messages : [{ key: 'greeting', role: 'assistant' as const, content: GREETING }];
  return (
    <section className="document-chat" aria-label="AI chat">
      <h2 className="document-chat-heading">AI Chat</h2>
      <GuestMessageWarning />
      {messages === null ? <LoadingState text="Loading chat history..." visible /> : <MessageList messages={shown} label="Document chat" thinking={pending} />}
      <ChatComposer value={input} onChange={setInput} onSend={(text) => void send(text)} pending={pending} label="Ask the AI to change this document" placeholder="Ask for a change..." />
    </section>
  );
}
