import { CodeOutlined, HistoryOutlined, ShareAltOutlined } from '@ant-design/icons';
import { roleAllows, userColor } from '@prd/proto';
import type { Editor } from '@tiptap/react';
import { Alert, Button, Drawer } from 'antd';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../shared/state/hooks';
import { LoadError, LoadingState } from '../../shared/ui/loading-state';
import { Badge } from '../../shared/ui/badge';
import { EmptyState } from '../../shared/ui/empty-state';
import buttonLink from '../../shared/ui/button-link.module.css';
import type { ApiError } from '../../shared/api/normalize-error';
import { displayName, useCurrentUser } from '../../shared/user/use-current-user';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useAfterPaint } from '../../shared/ui/use-after-paint';
import { useOpenedOnce } from '../../shared/ui/use-opened-once';
import { ChatSplit } from './chat-split';
import { documentEditorApi, forgetPrefetchedDocument, isPrefetchedDocument, useGetDocumentQuery } from './document-editor-api';
import { DocumentTitle } from './document-title';
import { ExportMenu } from './export-menu';
import { DocumentLoading, forgetFirstScreen } from './first-screen';
import { HistoryPanel } from './history-panel';
import { PresenceList } from './presence-list';
import { SaveStatus } from './save-status';
import { StoredText } from './stored-text';
import { DocumentComments } from '../comments/document-comments';
import { ShareDialog } from '../sharing/share-dialog';
import { DocumentWorkspace } from '../workspaces/document-workspace';
import { SaveAsTemplate } from '../templates/save-as-template';
import { DocumentSuggestions } from '../suggestions/document-suggestions';
import { ReviewChanges } from '../suggestions/review-changes';
import { OutlineMenu } from '../rich-editor/aids/document-outline';
import { ROLE_LABELS } from '../sharing/role-label';
import { SuggestingBar, SuggestingSwitch } from '../suggesting-mode/suggesting-controls';
import { useSuggestingMode } from '../suggesting-mode/use-suggesting-mode';
import { useDocumentUpdating } from './use-document-updating';
import type * as DocumentChatModule from './document-chat';
import { LiveCharacterCount } from './live-character-count';
import { useLiveDocument } from './use-live-document';
import { loadRichEditor } from './document-page-ahead';
import { useCodeChunk } from '../../shared/ui/use-code-chunk';
import styles from './document-page.module.css';

// The AI chat's code (its markdown renderer, the reply stream, realtime and voice) once the chat is shown: beside the
// document on a wide screen, when its tab is first opened on a phone. Neither is on the way to the document's text.
const loadDocumentChat = () => import('./document-chat');
const loadMarkdownView = () => import('../chat/markdown-view');

const isNotFound = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as ApiError).status === 404;

export function DocumentNotFound() {
  usePageTitle('Document not found');
  return (
    <EmptyState alert>
      <h2>Document not found</h2>
      <p>The document doesn&apos;t exist or you don&apos;t have access to it.</p>
      <Link to="/documents" className={buttonLink.link}>
        Back to Documents
      </Link>
    </EmptyState>
  );
}

/**
 * /documents/:id (docs/product.md §2, §4): the document first, written in place in a rich-text editor on the live
 * document (docs/decisions/0013-live-co-editing.md, 0039-shared-document-model.md: everyone who has it open edits one
 * live copy, with presence; saving is automatic), its comments beside it, and the AI chat beside the document.
 */
export function DocumentEditor({ documentId }: { documentId: number }) {
  const { updating, asked, replied } = useDocumentUpdating();
  const [prefetched] = useState(() => isPrefetchedDocument(documentId));
  const document = useGetDocumentQuery(documentId, { refetchOnMountOrArgChange: !prefetched });
  useEffect(() => forgetPrefetchedDocument(documentId), [documentId]);
  const fetched = document.data !== undefined;
  useEffect(() => {
    if (fetched) forgetFirstScreen();
  }, [fetched]);
  const [history, setHistory] = useState(false);
  const [sharing, setSharing] = useState(false);
  const historyOpened = useOpenedOnce(history);
  const sharingOpened = useOpenedOnce(sharing);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [source, setSource] = useState(false);
  const dispatch = useAppDispatch();
  const { user } = useCurrentUser();
  // The live document connects while the stored one is fetched, not after the page has rendered it: its sync (about 450 kB
  // for a 100 kB PRD) is on the way to an editable document. Opened from within the app it connects here; on a document's
  // own address it connected as the app started (document-page-ahead.ts) and is taken over here. The server checks access
  // on the socket as on the request; a document that turns out not to be readable at first closes it again (a later
  // refusal is the socket's own to show).
  const readable = document.data !== undefined || !document.isError;
  const liveUser = useMemo(() => (user && readable ? { id: user.id, name: displayName(user), color: userColor(user.id) } : null), [user, readable]);
  const { live, me, snapshot, failed } = useLiveDocument(documentId, liveUser);
  const accessChanges = snapshot?.accessChanges ?? 0;
  const { refetch } = document;
  const synced = snapshot?.synced === true;
  const suggesting = useSuggestingMode(documentId, synced ? (live?.doc ?? null) : null, document.data?.role, snapshot?.status === 'revoked');
  usePageTitle(document.data?.title ?? 'Document');

  // The editor's code downloads while the live document connects, not after it has synced.
  const richEditor = useCodeChunk(loadRichEditor, readable);
  const revoked = snapshot?.status === 'revoked' || (document.isError && isNotFound(document.error));
  const markdownView = useCodeChunk(loadMarkdownView, revoked && !synced);

  // The markdown (count, comments, export) is derived once the editor has painted: deriving it for 100 kB is not on the
  // way to an editable document (the stored text stands in until then; `markdownNow` derives it at once when asked).
  const editorPainted = useAfterPaint(editor !== null);
  useEffect(() => {
    if (editorPainted) live?.followMarkdown();
  }, [live, editorPainted]);
  // Nor is the chat beside it: its code, its requests and its first render held an open up by about a third of a second
  // (docs/decisions/0049-document-open-main-thread.md). It loads once the editor has painted, or once the editor is not
  // coming soon (its code failed, access was revoked, the live document's server is out of reach).
  const chatWanted = editorPainted || failed || richEditor.failed || revoked || snapshot?.stalled === true;

  // The server closed the live connection because this user's access changed: learn the new role (or the 404).
  useEffect(() => {
    if (accessChanges > 0) void refetch();
  }, [accessChanges, refetch]);

  if (document.isLoading) return <DocumentLoading documentId={documentId} />;
  if (!document.data) {
    if (document.isError && !isNotFound(document.error)) {
      return (
        <EmptyState alert>
          <h2>The document could not be loaded</h2>
          <Button onClick={() => void document.refetch()}>Try again</Button>
        </EmptyState>
      );
    }
    return document.isError ? <DocumentNotFound /> : null;
  }
  // The fetched document: its `content` is the stored text, which the live one overtakes once synced (AI edits, restores and
  // co-authors' typing arrive in it). What needs the live text asks for it (`contentNow`) or subscribes (the character count).
  const doc = document.data;
  const contentNow = () => live?.markdownNow() ?? doc.content;
  // docs/decisions/0012-sharing-and-roles.md: viewers and commenters read; editors and the owner edit, chat with the AI and restore.
  const canEdit = roleAllows(doc.role, 'editor') && !revoked;
  // The server's word for this connection counts too (a role lowered while the page is open).
  const canType = canEdit && snapshot?.readOnly !== true;

  // The AI's edit is already in the live document when its reply ends; the stored copy, the lists and History are fetched again.
  const aiReplied = (documentUpdated: boolean) => {
    replied(documentUpdated);
    if (!documentUpdated) return;
    void refetch();
    dispatch(documentEditorApi.util.invalidateTags(['Documents', 'ProjectDocuments', { type: 'Revisions', id: documentId }]));
  };

  const DocumentRichEditor = richEditor.code?.default;
  const MarkdownView = markdownView.code?.MarkdownView;
  const text =
    failed || richEditor.failed || markdownView.failed ? (
      <p role="alert">The editor could not be loaded. Please reload the page.</p>
    ) : revoked && !synced ? (
      MarkdownView ? (
        <MarkdownView text={doc.content} />
      ) : (
        <LoadingState text="Loading document..." />
      )
    ) : (
      // The threads and the stored text show at once; the editor in the text's place once the live document has synced.
      <DocumentComments document={doc} editor={editor}>
        {live && me && synced && DocumentRichEditor ? (
          <DocumentRichEditor
            doc={suggesting.doc ?? live.doc}
            presence={live.provider}
            fork={suggesting.doc !== null}
            user={me}
            editable={canType || suggesting.doc !== null}
            source={source}
            onEditor={setEditor}
          />
        ) : (
          <StoredText text={doc.content} />
        )}
      </DocumentComments>
    );

  const page = (
    <section className={styles.paper} aria-label="Document">
      <header className={styles.head}>
        <div className={styles.heading}>
          <DocumentTitle id={doc.id} title={doc.title} canEdit={canEdit} />
          <div className={styles.meta}>
            <LiveCharacterCount live={live} stored={doc.content} />
            <SaveStatus live={live} snapshot={snapshot} canType={canType} />
            <SuggestingSwitch suggesting={suggesting} />
            {updating && (
              <Badge primary role="status">
                Updating...
              </Badge>
            )}
          </div>
        </div>
        <div className={styles.actions}>
          {snapshot && <PresenceList people={snapshot.people} />}
          {doc.role !== 'owner' && <Badge>{ROLE_LABELS[doc.role]}</Badge>}
          <Button icon={<CodeOutlined aria-hidden />} aria-pressed={source} onClick={() => setSource(!source)} title="Show and edit the markdown source">
            Markdown
          </Button>
          <Button icon={<HistoryOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => setHistory(true)}>
            History
          </Button>
          <ReviewChanges documentId={doc.id} canDecide={canEdit} editor={editor} />
          <ExportMenu document={doc} contentNow={contentNow} />
          <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => setSharing(true)} aria-haspopup="dialog">
            Share
          </Button>
          {/* Last: it comes once the editor has the text, and must not move the buttons already there. */}
          {editor && <OutlineMenu editor={editor} />}
        </div>
      </header>
      <SuggestingBar suggesting={suggesting} />
      <DocumentSuggestions documentId={doc.id} editor={editor} provider={live?.provider ?? null} canAsk={roleAllows(doc.role, 'commenter') && !revoked} canDecide={canEdit}>
        {text}
      </DocumentSuggestions>
    </section>
  );

  return (
    <>
      <nav className={styles.breadcrumb} aria-label="Breadcrumb">
        <Link to="/documents">Documents</Link>
        <span aria-hidden> / </span>
        <span aria-current="page">{doc.title}</span>
        <span aria-hidden> · </span>
        <DocumentWorkspace document={doc} /> <SaveAsTemplate document={doc} contentNow={contentNow} />
      </nav>
      <h1 className="visually-hidden">{doc.title}</h1>
      {revoked && (
        <Alert
          className={styles.notice}
          type="warning"
          showIcon
          title="This document is no longer shared with you"
          description="Its live text stopped updating and you can no longer change it."
        />
      )}
      {!revoked && canEdit && !canType && snapshot?.status === 'live' && (
        <Alert className={styles.notice} type="info" showIcon title="You can now only view this document" description="Your role was changed while you had it open." />
      )}
      <ChatSplit
        document={page}
        chat={
          canEdit ? (
            <LazyDocumentChat wanted={chatWanted} document={doc} contentNow={contentNow} onAsked={asked} onReplied={aiReplied} />
          ) : (
            <aside className={styles.chatReadonly} aria-label="AI chat">
              {roleAllows(doc.role, 'commenter') && !revoked ? (
                <p>
                  You can comment on this document and suggest changes to it, typed or asked of the AI on selected text. Ask its owner for the editor role to change it directly or
                  chat with the AI about it.
                </p>
              ) : (
                <p>You can view this document. Ask its owner for the editor role to change it or chat with the AI about it.</p>
              )}
            </aside>
          )
        }
      />
      {historyOpened && (
        <Drawer open={history} onClose={() => setHistory(false)} size={760} closable={false} aria-label="History">
          <HistoryPanel document={doc} live={history ? live : null} canRestore={canEdit} onClose={() => setHistory(false)} />
        </Drawer>
      )}
      {sharingOpened && <ShareDialog item={{ kind: 'documents', id: doc.id }} role={doc.role} open={sharing} onClose={() => setSharing(false)} />}
    </>
  );
}

/** The AI chat, its code fetched when it is first shown (a wide page at once, a phone's tab when opened). */
function LazyDocumentChat({ wanted, ...props }: ComponentProps<typeof DocumentChatModule.DocumentChat> & { wanted: boolean }) {
  const { code, failed } = useCodeChunk(loadDocumentChat, wanted);
  if (failed) return <LoadError>The AI chat could not be loaded. Please reload the page.</LoadError>;
  return code ? <code.DocumentChat {...props} /> : <LoadingState text="Loading chat..." visible />;
}
