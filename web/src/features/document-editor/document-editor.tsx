import { EditOutlined, HistoryOutlined, ReloadOutlined, ShareAltOutlined } from '@ant-design/icons';
import { roleAllows } from '@prd/proto';
import { DOCUMENT_POLL_INTERVAL_MS } from '../../shared/ui-constants';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../shared/state/hooks';
import { LoadingState } from '../../shared/ui/loading-state';
import type { ApiError } from '../../shared/api/normalize-error';
import { useToast } from '../../shared/toast/toast';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { DocumentChat } from './document-chat';
import { documentEditorApi, useGetDocumentQuery } from './document-editor-api';
import { DocumentPreview } from './document-preview';
import { ExportMenu } from './export-menu';
import { HistoryPanel } from './history-panel';
import { MarkdownEditor } from './markdown-editor';
import { ShareDialog } from '../sharing/share-dialog';
import { ROLE_LABELS } from '../sharing/role-label';
import { useDocumentUpdating } from './use-document-updating';
import './document-editor.css';

const isNotFound = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as ApiError).status === 404;

export function DocumentNotFound() {
  usePageTitle('Document not found');
  return (
    <section className="empty-state" role="alert">
      <h2>Document not found</h2>
      <p>The document doesn&apos;t exist or you don&apos;t have access to it.</p>
      <Link to="/documents" className="button-link">
        Back to Documents
      </Link>
    </section>
  );
}

type View = 'preview' | 'edit' | 'history';

/** /documents/:id (docs/product.md §2, §4): the AI chat beside the preview, with export, refresh, direct editing and history. */
export function DocumentEditor({ documentId }: { documentId: number }) {
  const { updating, markUpdated } = useDocumentUpdating();
  const document = useGetDocumentQuery(documentId, { pollingInterval: updating ? DOCUMENT_POLL_INTERVAL_MS : 0, refetchOnMountOrArgChange: true });
  const [view, setView] = useState<View>('preview');
  const [sharing, setSharing] = useState(false);
  const dispatch = useAppDispatch();
  const toast = useToast();
  usePageTitle(document.data?.title ?? 'Document');

  if (document.isLoading) return <LoadingState text="Loading document..." />;
  if (!document.data) {
    if (document.isError && !isNotFound(document.error)) {
      return (
        <section className="empty-state" role="alert">
          <h2>The document could not be loaded</h2>
          <Button onClick={() => void document.refetch()}>Try again</Button>
        </section>
      );
    }
    return document.isError ? <DocumentNotFound /> : null;
  }
  const doc = document.data;
  // docs/decisions/0012-sharing-and-roles.md: viewers and commenters read; editors and the owner edit, chat with the AI and restore.
  const canEdit = roleAllows(doc.role, 'editor');

  // The reply comes once the edit is saved: the document is fetched now and polled while 'Updating...'.
  const aiUpdated = () => {
    void document.refetch();
    dispatch(documentEditorApi.util.invalidateTags(['Documents', 'ProjectDocuments', { type: 'Revisions', id: documentId }]));
    markUpdated();
  };

  const refresh = async () => {
    const result = await document.refetch();
    if (result.isError) toast.error('Refresh failed', 'The document could not be reloaded. Please try again.');
  };

  const actions = (
    <>
      {updating && (
        <span className="badge badge-primary" role="status">
          Updating...
        </span>
      )}
      {doc.role !== 'owner' && <span className="badge">{ROLE_LABELS[doc.role]}</span>}
      {canEdit && (
        <Button icon={<EditOutlined aria-hidden />} aria-pressed={view === 'edit'} onClick={() => setView(view === 'edit' ? 'preview' : 'edit')}>
          Edit
        </Button>
      )}
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
      <nav className="editor-breadcrumb" aria-label="Breadcrumb">
        <Link to="/documents">Documents</Link>
        <span aria-hidden> / </span>
        <span aria-current="page">{doc.title}</span>
      </nav>
      <h1 className="visually-hidden">{doc.title}</h1>
      <div className="editor-split">
        {canEdit ? (
          <DocumentChat document={doc} onDocumentUpdated={aiUpdated} />
        ) : (
          <aside className="document-chat-readonly" aria-label="AI chat">
            <p className="cell-muted">You can view this document. Ask its owner for the editor role to change it or chat with the AI about it.</p>
          </aside>
        )}
        <DocumentPreview title={doc.title} content={doc.content} actions={actions}>
          {view === 'edit' ? (
            <MarkdownEditor document={doc} onDone={() => setView('preview')} />
          ) : view === 'history' ? (
            <HistoryPanel document={doc} canRestore={canEdit} onClose={() => setView('preview')} />
          ) : undefined}
        </DocumentPreview>
      </div>
      <ShareDialog item={{ kind: 'documents', id: doc.id }} role={doc.role} open={sharing} onClose={() => setSharing(false)} />
    </>
  );
}
