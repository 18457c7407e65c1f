import { type DocumentDto, type DocumentFlowMode } from '@prd/proto';
import { COMPLETION_REDIRECT_MS } from '../../shared/ui-constants';
import { ErrorCode } from '@prd/proto/error-codes';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { openUsageLimit } from '../../shared/state/dialogs-slice';
import { errorMessage, limitKindOf } from '../../shared/state/error-dialogs-middleware';
import { useAppDispatch } from '../../shared/state/hooks';
import { LoadingState } from '../../shared/ui/loading-state';
import { EmptyState } from '../../shared/ui/empty-state';
import { Page } from '../../shared/ui/page';
import buttonLink from '../../shared/ui/button-link.module.css';
import type { ApiError } from '../../shared/api/normalize-error';
import { useToast } from '../../shared/toast/toast';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useShowsPageChat } from '../../shared/ui/page-chat';
import { GuestMessageWarning } from '../chat/guest-message-warning';
import { ChatComposer } from '../chat/chat-composer';
import { MessageList } from '../chat/message-list';
import { ReplyStopped } from '../chat/reply-stream';
import { useChatConversation } from '../chat/use-chat-conversation';
import { DocumentPreview } from '../document-editor/document-preview';
import layout from '../document-editor/chat-beside-preview.module.css';
import { api } from '../../shared/api/api';
import { useGetTemplateQuery, type FlowMessageAnswer, type FlowStartAnswer } from './document-flow-api';
import { FlowTitleStep } from './flow-title-step';
import styles from './document-flow.module.css';

type Step = 'title' | 'starting' | 'conversation';

/** The guests' texts for a limit reached in the flow (docs/product.md §8). */
const GUEST_LIMIT_TOASTS = {
  docs: { title: 'Document limit reached', description: 'Sign up to create more documents and save your work.' },
  messages: { title: 'Message limit reached', description: 'Sign up to continue your conversation and save your work.' },
} as const;

/** This page answers a limit itself: a dialog for visitors, a toast for guests (never both). */
const ANSWERS_LIMITS = { answersLimits: true } as const;

const isApiError = (error: unknown): error is ApiError => typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
const isLimitError = (error: unknown): error is ApiError => isApiError(error) && error.code === ErrorCode.LIMIT_EXCEEDED;

const parseId = (raw: string | undefined): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);
const parseMode = (raw: string | null): DocumentFlowMode => (raw === 'start-new' ? 'start-new' : 'ai-assisted');

function TemplateNotFound({ text = 'Template not found' }: { text?: string }) {
  usePageTitle('Template not found');
  return (
    <EmptyState alert>
      <h2>{text}</h2>
      <Link to="/templates" className={buttonLink.link}>
        Back to Templates
      </Link>
    </EmptyState>
  );
}

function CompletedCard({ documentId }: { documentId: number }) {
  return (
    <div className={styles.flowComplete} role="status">
      <p className={styles.flowCompleteTitle}>Document generated successfully!</p>
      <Link to={`/documents/${documentId}`} className={buttonLink.primary}>
        View Document
      </Link>
    </div>
  );
}

function DocumentFlow({ templateId }: { templateId: number }) {
  const [searchParams] = useSearchParams();
  const mode = parseMode(searchParams.get('mode'));
  // docs/product.md §4 redirects on completion; `autoNavigate=false` keeps the user on the completion card.
  const autoNavigate = searchParams.get('autoNavigate') !== 'false';
  // `?workspace={id}` creates the document in that workspace (docs/decisions/0037-workspaces.md), as a team template's card asks.
  const workspaceId = /^\d+$/.test(searchParams.get('workspace') ?? '') ? Number(searchParams.get('workspace')) : null;
  const template = useGetTemplateQuery(templateId);
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const dispatch = useAppDispatch();

  const [step, setStep] = useState<Step>('title');
  const [title, setTitle] = useState('');
  const [document, setDocument] = useState<DocumentDto | null>(null);
  const conversation = useChatConversation([]);
  // Its conversation with the AI is the page: the shell's launcher of another would only sit over the preview.
  useShowsPageChat(true);
  const messages = conversation.messages ?? [];
  const [complete, setComplete] = useState(false);
  const [input, setInput] = useState('');
  usePageTitle(document?.title ?? template.data?.name ?? 'New document');

  const failedToLoad = template.isError && !(isApiError(template.error) && template.error.status === 404);
  useEffect(() => {
    if (failedToLoad) toast.error('Failed to load template. Please try again.');
  }, [failedToLoad, toast]);

  useEffect(() => {
    if (!complete || !document || !autoNavigate) return undefined;
    const timer = setTimeout(() => navigate(`/documents/${document.id}`), COMPLETION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [complete, document, autoNavigate, navigate]);

  /** docs/product.md §8: a visitor gets the usage-limit dialog, a guest these words as a toast — never both. */
  const limitReached = (error: ApiError) => {
    const kind = limitKindOf(error);
    if (user?.isGuest) toast.error(GUEST_LIMIT_TOASTS[kind].title, GUEST_LIMIT_TOASTS[kind].description);
    else dispatch(openUsageLimit(kind));
  };

  const failed = (error: unknown, title: string) => {
    if (error instanceof ReplyStopped) return;
    if (isLimitError(error)) limitReached(error);
    else toast.error(title, errorMessage(error));
  };

  /** The first question streams in while the document is created; Stop before it is written goes back to the title. */
  const start = async (chosenTitle: string) => {
    if (!template.data) return;
    setTitle(chosenTitle);
    setStep('starting');
    try {
      const answer = await conversation.send<FlowStartAnswer>(
        '/api/document-flow/start',
        { templateId, title: chosenTitle, mode, ...(workspaceId ? { workspaceId } : {}) },
        `I want to create a ${template.data.name}: ${chosenTitle}`,
        ANSWERS_LIMITS,
      );
      if (!answer) {
        conversation.setMessages([]);
        setStep('title');
        return;
      }
      dispatch(api.util.invalidateTags(['Documents']));
      setDocument(answer.document);
      setComplete(answer.isComplete);
      setStep('conversation');
    } catch (error) {
      failed(error, 'Failed to start document flow');
      setStep('title');
    }
  };

  /** Each answer streams; when it is written the live preview shows the document as it now is. */
  const send = async (text: string) => {
    if (!document) return;
    setInput('');
    try {
      const answer = await conversation.send<FlowMessageAnswer>('/api/document-flow/message', { documentId: document.id, content: text, mode }, text, ANSWERS_LIMITS);
      if (!answer) return;
      dispatch(api.util.invalidateTags(['Documents']));
      setDocument(answer.document);
      if (answer.isComplete) setComplete(true);
    } catch (error) {
      setInput((current) => current || text);
      failed(error, 'Failed to send message');
    }
  };

  if (template.isLoading) return <LoadingState text="Loading template..." />;
  if (!template.data) return template.isError ? <TemplateNotFound text={failedToLoad ? 'Failed to load template. Please try again.' : undefined} /> : null;

  if (step === 'title') return <FlowTitleStep templateName={template.data.name} initialTitle={title} onContinue={(chosen) => void start(chosen)} />;
  if (step === 'starting' || !document) {
    return (
      <section className={layout.chat} aria-label="Document assistant">
        <h1 className={styles.flowHeading}>{template.data.name}</h1>
        {!conversation.streamingText && <LoadingState text="Starting conversation..." visible />}
        <MessageList messages={messages} label="Document assistant conversation" streamingText={conversation.streamingText} />
        <ChatComposer value="" onChange={() => undefined} onSend={() => undefined} pending onStop={conversation.stop} label="Your answer" placeholder="Type your answer..." />
      </section>
    );
  }

  return (
    <div className={layout.split}>
      <section className={layout.chat} aria-label="Document assistant">
        <h1 className={styles.flowHeading}>{template.data.name}</h1>
        <GuestMessageWarning />
        <MessageList messages={messages} label="Document assistant conversation" streamingText={conversation.streamingText} />
        {complete ? (
          <CompletedCard documentId={document.id} />
        ) : (
          <ChatComposer
            value={input}
            onChange={setInput}
            onSend={(text) => void send(text)}
            pending={conversation.streaming}
            onStop={conversation.stop}
            label="Your answer"
            placeholder="Type your answer..."
          />
        )}
      </section>
      <DocumentPreview title={document.title} content={document.content} />
    </div>
  );
}

/** Guided document creation (docs/product.md §2, §4) at /document-flow/:templateId and /templates/:templateId/create. */
export function DocumentFlowPage() {
  const templateId = parseId(useParams().templateId);
  return <Page wide>{templateId === null ? <TemplateNotFound /> : <DocumentFlow key={templateId} templateId={templateId} />}</Page>;
}
