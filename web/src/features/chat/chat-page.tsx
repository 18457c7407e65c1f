import { AUTO_TITLE_FALLBACK, type ChatReply, type ChatThread } from '@prd/proto';
import { AUTO_TITLE_DELAY_MS, PENDING_MESSAGE_RETRY_MS } from '../../shared/ui-constants';
import { Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, opensDialog } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { PageHeader } from '../../shared/ui/page-header';
import { Page } from '../../shared/ui/page';
import { useToast } from '../../shared/toast/toast';
import { usePageTitle } from '../../shared/ui/use-page-title';
import {
  chatApi,
  useAutoTitleThreadMutation,
  useCreateThreadMutation,
  useDeleteThreadMutation,
  useGetThreadsQuery,
  useLazyGetThreadQuery,
  useRenameThreadMutation,
} from './chat-api';
import { ChatComposer } from './chat-composer';
import { CHAT_MODES_INFO, parseChatMode } from './chat-modes';
import { GuestMessageWarning } from './guest-message-warning';
import { MessageList } from './message-list';
import { RenameThreadDialog } from './rename-thread-dialog';
import { ThreadList } from './thread-list';
import { fromChatMessage } from './view-message';
import { ReplyStopped } from './reply-stream';
import { useChatConversation } from './use-chat-conversation';
import { useThreadCreationGuard } from './use-thread-creation-guard';
import { useAppDispatch } from '../../shared/state/hooks';
import styles from './chat.module.css';

/** Titles that get replaced by an AI-written one after the first reply (docs/product.md §4). */
const AUTO_TITLED = new Set([AUTO_TITLE_FALLBACK, 'General Conversation']);
const DELETE_CONFIRM = 'Are you sure you want to delete this chat thread? This action cannot be undone.';

/** /chat (docs/product.md §2, §4): conversations with new, rename and delete; four modes; markdown replies. */
export function ChatPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = parseChatMode(searchParams.get('mode'));
  const info = CHAT_MODES_INFO[mode];
  usePageTitle(info.title);

  const toast = useToast();
  const [modal, confirmHolder] = Modal.useModal();
  const threadsQuery = useGetThreadsQuery();
  const threads = threadsQuery.data ?? [];
  const [loadThread] = useLazyGetThreadQuery();
  const [createThread] = useCreateThreadMutation();
  const [renameThread, renaming] = useRenameThreadMutation();
  const [deleteThread] = useDeleteThreadMutation();
  const [autoTitle] = useAutoTitleThreadMutation();
  const dispatch = useAppDispatch();
  const guard = useThreadCreationGuard();

  const [activeId, setActiveId] = useState<number | null>(null);
  const activeRef = useRef<number | null>(null);
  const conversation = useChatConversation([]);
  const { setMessages, streaming: pending } = conversation;
  const messages = conversation.messages ?? [];
  const [loadingThread, setLoadingThread] = useState(false);
  const [input, setInput] = useState('');
  /** The home prompt's text (docs/product.md §2 `prefill`): sent by itself into a new conversation once the page can. */
  const [queued, setQueued] = useState<string | null>(() => searchParams.get('prefill')?.trim() || null);
  const [renameTarget, setRenameTarget] = useState<ChatThread | null>(null);
  // A queued message starts a conversation of its own: the newest stored one is not opened.
  const opened = useRef(queued !== null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const activate = (id: number | null) => {
    opened.current = true;
    activeRef.current = id;
    setActiveId(id);
  };

  const openThread = useCallback(
    async (id: number) => {
      opened.current = true;
      activeRef.current = id;
      setActiveId(id);
      setMessages([]);
      setLoadingThread(true);
      try {
        const detail = await loadThread(id).unwrap();
        if (activeRef.current === id) setMessages(detail.messages.map(fromChatMessage));
      } catch {
        if (activeRef.current === id) {
          setMessages([]);
          toast.error('Failed to load thread');
        }
      } finally {
        if (activeRef.current === id) setLoadingThread(false);
      }
    },
    [loadThread, toast, setMessages],
  );

  // On load the most recently updated thread opens (docs/product.md §4); the list comes newest first.
  useEffect(() => {
    if (opened.current || !threadsQuery.isSuccess) return;
    opened.current = true;
    const newest = threadsQuery.data[0];
    if (newest) void openThread(newest.id);
  }, [threadsQuery.isSuccess, threadsQuery.data, openThread]);

  useEffect(() => {
    if (threadsQuery.isError) toast.error('Failed to load chat history');
  }, [threadsQuery.isError, toast]);

  /** Creates a thread; null when it failed (the toast is already shown). */
  const create = async (failure: string): Promise<ChatThread | null> => {
    if (!guard.begin()) return null;
    try {
      const thread = await createThread({ title: AUTO_TITLE_FALLBACK }).unwrap();
      if (typeof thread?.id !== 'number') {
        toast.error('Failed to create thread', 'Unable to create chat thread. Please refresh the page and try again.');
        return null;
      }
      return thread;
    } catch (error) {
      if (!opensDialog(error)) toast.error('Failed to create thread', failure);
      return null;
    } finally {
      guard.end();
    }
  };

  const newChat = async () => {
    const thread = await create('Failed to create new chat. Please try again.');
    if (!thread) return;
    activate(thread.id);
    setMessages([]);
    inputRef.current?.focus();
  };

  const scheduleAutoTitle = (thread: ChatThread | undefined, threadId: number, hadReply: boolean) => {
    if (hadReply || (thread && !AUTO_TITLED.has(thread.title))) return;
    // Not cancelled when the page unmounts: leaving /chat right after a reply still titles the thread.
    // The server falls back to 'New Conversation' itself when no title can be written.
    setTimeout(() => void autoTitle(threadId), AUTO_TITLE_DELAY_MS);
  };

  const send = async (text: string) => {
    if (pending) return;
    // Sending before the list arrived: the thread this starts is the one to show, not the newest stored one.
    opened.current = true;
    setInput('');
    let threadId = activeRef.current;
    let thread = threads.find((item) => item.id === threadId);
    if (threadId === null) {
      const created = await create('Failed to create chat thread. Please try again.');
      if (!created) {
        setInput((current) => current || text);
        return;
      }
      thread = created;
      threadId = created.id;
      activate(threadId);
      setMessages([]);
    }
    const hadReply = messages.some((message) => message.role === 'assistant');
    try {
      const reply = await conversation.send<ChatReply>('/api/chat', { content: text, mode, threadId }, text);
      // A thread's reply moves it to the top of the list (most recently updated first).
      dispatch(chatApi.util.invalidateTags(['Threads']));
      if (reply && !reply.assistantMessage.content) toast.error('No assistant response received');
      else if (reply) scheduleAutoTitle(thread, threadId, hadReply);
    } catch (error) {
      setInput((current) => current || text);
      if (!(error instanceof ReplyStopped) && !opensDialog(error)) toast.error('Failed to send message', errorMessage(error));
    }
  };

  const regenerate = async () => {
    const threadId = activeRef.current;
    if (threadId === null) return;
    try {
      await conversation.regenerate<ChatReply>({ threadId, mode });
    } catch (error) {
      if (!opensDialog(error)) toast.error('Failed to regenerate the reply', errorMessage(error));
    }
  };

  // docs/product.md §9 pending-message retries: the queued message waits for the thread list, then for any send in flight.
  const sendRef = useRef(send);
  sendRef.current = send;
  const waitingFor: keyof typeof PENDING_MESSAGE_RETRY_MS | null = !threadsQuery.isSuccess && !threadsQuery.isError ? 'waitingForThreads' : pending ? 'waitingForSend' : null;
  const waitingRef = useRef(waitingFor);
  waitingRef.current = waitingFor;
  useEffect(() => {
    if (queued === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const waiting = waitingRef.current;
      if (waiting) {
        timer = setTimeout(attempt, PENDING_MESSAGE_RETRY_MS[waiting]);
        return;
      }
      setQueued(null);
      // Sent once: a reload of the page must not send it again.
      setSearchParams(
        (params) => {
          params.delete('prefill');
          return params;
        },
        { replace: true },
      );
      void sendRef.current(queued);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [queued, setSearchParams]);

  const confirmDelete = (thread: ChatThread) => {
    void modal.confirm({
      title: 'Delete conversation?',
      content: DELETE_CONFIRM,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await deleteThread(thread.id).unwrap();
        } catch {
          toast.error('Failed to delete thread');
          return;
        }
        if (activeRef.current !== thread.id) return;
        // The newest other thread opens, or the view empties (docs/product.md §4).
        const next = threads.find((item) => item.id !== thread.id);
        if (next) void openThread(next.id);
        else {
          activate(null);
          setMessages([]);
        }
      },
    });
  };

  const saveRename = async (title: string) => {
    if (!renameTarget) return;
    try {
      await renameThread({ id: renameTarget.id, title }).unwrap();
      setRenameTarget(null);
    } catch {
      toast.error('Failed to update thread');
    }
  };

  const empty = messages.length === 0 && !loadingThread;
  const shown = empty ? [{ key: 'greeting', role: 'assistant' as const, content: info.greeting }] : messages;

  return (
    <Page>
      <PageHeader title={info.title} description={info.description} />
      <div className={styles.chatLayout}>
        <ThreadList
          threads={threads}
          activeId={activeId}
          loading={threadsQuery.isLoading}
          onOpen={(thread) => void openThread(thread.id)}
          onNew={() => void newChat()}
          onRename={setRenameTarget}
          onDelete={confirmDelete}
        />
        <div className={styles.chatMain}>
          <GuestMessageWarning />
          {loadingThread ? (
            <LoadingState text="Loading conversation..." visible />
          ) : (
            <MessageList messages={shown} label="Conversation" streamingText={conversation.streamingText} onRegenerate={() => void regenerate()} />
          )}
          {empty && !pending && (
            <ul className={styles.chatSuggestions} aria-label="Suggested prompts">
              {info.prompts.map((prompt) => (
                <li key={prompt}>
                  <button type="button" className={styles.chatSuggestion} onClick={() => void send(prompt)}>
                    {prompt}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ChatComposer value={input} onChange={setInput} onSend={(text) => void send(text)} pending={pending} onStop={conversation.stop} inputRef={inputRef} showRealtimeButton />
        </div>
      </div>
      <RenameThreadDialog thread={renameTarget} saving={renaming.isLoading} onSave={(title) => void saveRename(title)} onClose={() => setRenameTarget(null)} />
      {confirmHolder}
    </Page>
  );
}
