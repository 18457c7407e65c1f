import { PlusOutlined } from '@ant-design/icons';
import { type DocumentSummary } from '@prd/proto';
import { DOCUMENTS_PAGE_SIZE } from '../../shared/ui-constants';
import { Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteDocumentMutation, useGetDocumentsQuery } from '../../shared/api/content-api';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { LoadError, LoadingState } from '../../shared/ui/loading-state';
import { EmptyState } from '../../shared/ui/empty-state';
import { Page } from '../../shared/ui/page';
import { PageHeader } from '../../shared/ui/page-header';
import { PagedTable } from '../../shared/list/paged-table';
import table from '../../shared/list/data-table.module.css';
import { relativeTime } from '../../shared/format/relative-time';
import { RowActions } from '../../shared/list/row-actions';
import { useToast } from '../../shared/toast/toast';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { usePagedList } from '../../shared/list/use-paged-list';
import { OwnAndSharedTabs, SharedDocumentsList } from '../sharing/shared-with-me';
import { ImportButton } from '../import/import-button';
import { ImportDropZone } from '../import/import-drop-zone';
import { useImportDocuments } from '../import/use-import-documents';
import { StartNewDocumentDialog } from './start-new-document-dialog';

const titleOf = (document: DocumentSummary): string => document.title;

/**
 * /documents (docs/product.md §2): the user's documents, searchable and sortable by title, 10 a page; and those shared with them
 * (docs/decisions/0012-sharing-and-roles.md). Files picked with Import or dropped on the page become documents (docs/decisions/0034-document-import.md).
 */
export function DocumentsPage() {
  usePageTitle('Documents');
  const { data: documents, isLoading, isError } = useGetDocumentsQuery();
  const [deleteDocument] = useDeleteDocumentMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [selected, setSelected] = useState<DocumentSummary | null>(null);
  const list = usePagedList(documents, titleOf, DOCUMENTS_PAGE_SIZE);
  const [modal, confirmHolder] = Modal.useModal();
  const navigate = useNavigate();
  const toast = useToast();
  const imports = useImportDocuments();
  // One imported document opens at once; several are in the list.
  const importFiles = async (files: File[]) => {
    const answer = await imports.importFiles(files);
    if (answer?.documents.length === 1) void navigate(`/documents/${answer.documents[0]!.id}`);
  };

  const confirmDelete = (document: DocumentSummary) => {
    setSelected(document);
    void modal.confirm({
      title: 'Delete document?',
      content: `"${document.title}" will be deleted permanently. This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await deleteDocument(document.id).unwrap();
          toast.success('Document deleted', 'The document has been successfully deleted');
        } catch (error) {
          toast.error(`Failed to delete document: ${errorMessage(error)}`);
        } finally {
          setSelected(null);
        }
      },
      onCancel: () => setSelected(null),
    });
  };

  const actions = (
    <Space>
      <ImportButton progress={imports.progress} onFiles={(files) => void importFiles(files)} />
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialogOpen(true)} aria-haspopup="dialog">
        New Document
      </Button>
    </Space>
  );

  let body;
  if (isLoading) body = <LoadingState text="Loading documents..." visible />;
  else if (isError) body = <LoadError>Failed to load documents</LoadError>;
  else if (!documents?.length)
    body = (
      <EmptyState>
        <h2>No documents yet</h2>
        <p>Create a document from a template, let the AI guide you, or drop Markdown, Word, HTML or PDF files here to import them.</p>
        <Button type="primary" onClick={() => setDialogOpen(true)} aria-haspopup="dialog">
          Create your first document
        </Button>
      </EmptyState>
    );
  else
    body = (
      <PagedTable list={list} noun="documents" sortLabel="Title" columns={['Last Updated']} pagerLabel="Document pages">
        {(document) => (
          <tr key={document.id} className={selected?.id === document.id ? table.rowSelected : undefined}>
            <td>
              <Link to={`/documents/${document.id}`}>{document.title}</Link>
            </td>
            <td className={table.cellMuted}>{relativeTime(document.updatedAt)}</td>
            <td className={table.cellActions}>
              <RowActions name={document.title} onEdit={() => void navigate(`/documents/${document.id}`)} onDelete={() => confirmDelete(document)} />
            </td>
          </tr>
        )}
      </PagedTable>
    );

  return (
    <Page>
      <ImportDropZone onFiles={(files) => void importFiles(files)}>
        <PageHeader title="Documents" description="All your documents in one place" actions={actions} />
        <OwnAndSharedTabs own={body} shared={<SharedDocumentsList />} noun="documents" />
      </ImportDropZone>
      <StartNewDocumentDialog open={dialogOpen} onClose={() => setDialogOpen(false)} createDirectly />
      {confirmHolder}
    </Page>
  );
}
