import { FileTextOutlined, EditOutlined, HistoryOutlined, ReloadOutlined, ShareAltOutlined } from '@ant-design/icons';
import { roleAllows, userColor } from '@prd/proto';
import { Alert, Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../shared/state/hooks';
import { LoadingState } from '../../shared/ui/loading-state';
import { Badge } from '../../shared/ui/badge';
import { EmptyState } from '../../shared/ui/empty-state';
import buttonLink from '../../shared/ui/button-link.module.css';
import type { ApiError } from '../../shared/api/normalize-error';
import { useToast } from '../../shared/toast/toast';
import { displayName, useCurrentUser } from '../../shared/user/use-current-user';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { DocumentChat } from './document-chat';
import { documentEditorApi, useGetDocumentQuery } from './document-editor-api';
import { DocumentPreview } from './document-preview';
import { ExportMenu } from './export-menu';
import { HistoryPanel } from './history-panel';
import { LiveEditorPane } from './live-editor-pane';
import { PresenceList } from './presence-list';
import { DocumentComments } from '../comments/document-comments';
import { ShareDialog } from '../sharing/share-dialog';
import { DocumentWorkspace } from '../workspaces/document-workspace';
import { SaveAsTemplate } from '../templates/save-as-template';
import { ROLE_LABELS } from '../sharing/role-label';
import { useDocumentUpdating } from './use-document-updating';
import { useLiveDocument } from './use-live-document';
import liveEditing from './live-editing.module.css';
import layout from './chat-beside-preview.module.css';
import styles from './document-editor.module.css';

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

type View = 'preview' | 'edit' | 'history';

/**
 * /documents/:id (docs/product.md §2, §4): the AI chat beside the preview, with export, refresh, live
 * co-editing (docs/decisions/0013-live-co-editing.md: everyone who has it open shares one live text, with
 * presence) and history.
 */
export function DocumentEditor({ documentId }: { documentId: number }) {
  const { updating, asked, replied } = useDocumentUpdating();
  const document = useGetDocumentQuery(documentId, { refetchOnMountOrArgChange: true });
  const [view, setView] = useState<View>('preview');
  const [sharing, setSharing] = useState(false);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { user } = useCurrentUser();
  const found = document.data !== undefined;
  // Opened once the document is known to be readable: a 404 opens no socket.
  const liveUser = useMemo(() => (user && found ? { id: user.id, name: displayName(user), color: userColor(user.id) } : null), [user, found]);
  const { live, snapshot, failed } = useLiveDocument(documentId, liveUser);
  const accessChanges = snapshot?.accessChanges ?? 0;
  const { refetch } = document;
  usePageTitle(document.data?.title ?? 'Document');

  // The server closed the live connection because this user's access changed: learn the new role (or the 404).
  useEffect(() => {
    if (accessChanges > 0) void refetch();
  }, [accessChanges, refetch]);

  if (document.isLoading) return <LoadingState text="Loading document..." />;
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
  const stored = document.data;
  // The live text once synced (AI edits, restores and co-authors' typing arrive in it); the fetched text until then.
  const doc = { ...stored, content: snapshot?.text ?? stored.content };
  const revoked = snapshot?.status === 'revoked' || (document.isError && isNotFound(document.error));
  // docs/decisions/0012-sharing-and-roles.md: viewers and commenters read; editors and the owner edit, chat with the AI and restore.
  const canEdit = roleAllows(doc.role, 'editor') && !revoked;
  // The server's word for this connection counts too (a role lowered while the page is open).
  const canType = canEdit && snapshot?.readOnly !== true;

  // The AI's edit is already in the live text when its reply ends; the stored copy (shown only until the live
  // text has synced), the lists and History are fetched again once.
  const aiReplied = (documentUpdated: boolean) => {
    replied(documentUpdated);
    if (!documentUpdated) return;
    void refetch();
    dispatch(documentEditorApi.util.invalidateTags(['Documents', 'ProjectDocuments', { type: 'Revisions', id: documentId }]));
  };

  const refresh = async () => {
    const result = await document.refetch();
    if (result.isError) toast.error('Refresh failed', 'The document could not be reloaded. Please try again.');
  };

  const actions = (
    <>
      {snapshot && <PresenceList people={snapshot.people} />}
      {snapshot?.status === 'reconnecting' && <Badge role="status">Reconnecting…</Badge>}
      {updating && (
        <Badge primary role="status">
          Updating...
        </Badge>
      )}
      {doc.role !== 'owner' && <Badge>{ROLE_LABELS[doc.role]}</Badge>}
      <Button
        icon={canEdit ? <EditOutlined aria-hidden /> : <FileTextOutlined aria-hidden />}
        aria-pressed={view === 'edit'}
        onClick={() => setView(view === 'edit' ? 'preview' : 'edit')}
      >
        {canEdit ? 'Edit' : 'Source'}
      </Button>
      <Button icon={<HistoryOutlined aria-hidden />} aria-pressed={view === 'history'} onClick={() => setView(view === 'history' ? 'preview' : 'history')}>
        History
      </Button>
      <ExportMenu document={doc} />
      {/* Icon only: a wider actions row would wrap and push the editor's Save under the floating launchers. */}
      <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => setSharing(true)} aria-haspopup="dialog" aria-label="Share" title="Share" />
      <Button icon={<ReloadOutlined aria-hidden />} loading={document.isFetching && !updating} onClick={() => void refresh()}>
        Refresh
      </Button>
    </>
  );

  return (
    <>
      <nav className={styles.breadcrumb} aria-label="Breadcrumb">
        <Link to="/documents">Documents</Link>
        <span aria-hidden> / </span>
        <span aria-current="page">{doc.title}</span>
        <span aria-hidden> · </span>
        <DocumentWorkspace document={stored} /> <SaveAsTemplate document={doc} />
      </nav>
      <h1 className="visually-hidden">{doc.title}</h1>
      {revoked && (
        <Alert
          className={liveEditing.notice}
          type="warning"
          showIcon
          title="This document is no longer shared with you"
          description="Its live text stopped updating and you can no longer change it."
        />
      )}
      {!revoked && canEdit && !canType && snapshot?.status === 'live' && (
        <Alert className={liveEditing.notice} type="info" showIcon title="You can now only view this document" description="Your role was changed while you had it open." />
      )}
      <div className={layout.split}>
        {canEdit ? (
          <DocumentChat document={doc} onAsked={asked} onReplied={aiReplied} />
        ) : (
          <aside className={styles.chatReadonly} aria-label="AI chat">
            <p>You can view this document. Ask its owner for the editor role to change it or chat with the AI about it.</p>
          </aside>
        )}
        <DocumentPreview title={doc.title} content={doc.content} actions={actions}>
          {view === 'edit' ? (
            <LiveEditorPane stored={stored} onSaved={() => void refetch()} live={live} snapshot={snapshot} failed={failed} canType={canType} onDone={() => setView('preview')} />
          ) : view === 'history' ? (
            <HistoryPanel document={doc} canRestore={canEdit} onClose={() => setView('preview')} />
          ) : (
            <DocumentComments document={doc} />
          )}
        </DocumentPreview>
      </div>
      <ShareDialog item={{ kind: 'documents', id: doc.id }} role={doc.role} open={sharing} onClose={() => setSharing(false)} />
    </>
  );
}
