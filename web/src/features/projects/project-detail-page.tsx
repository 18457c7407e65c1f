import { FileAddOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { roleAllows, type DocumentDto } from '@prd/proto';
import { PROJECT_DOCUMENT_PREVIEW_CHARS } from '../../shared/ui-constants';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useGetProjectDocumentsQuery, useGetProjectQuery } from '../../shared/api/content-api';
import { LoadingState } from '../../shared/ui/loading-state';
import { PageActions } from '../../shared/ui/page-actions';
import { PageHeader } from '../../shared/ui/page-header';
import { WorkspaceLabel } from '../workspaces/document-workspace';
import { Page } from '../../shared/ui/page';
import buttonLink from '../../shared/ui/button-link.module.css';
import { EmptyState } from '../../shared/ui/empty-state';
import { relativeTime } from '../../shared/format/relative-time';
import { useToast } from '../../shared/toast/toast';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { preview } from '../templates/preview';
import { AddExistingDocumentDialog } from './add-existing-document-dialog';
import { CreateProjectDocumentDialog } from './create-project-document-dialog';
import { parseProjectId } from './parse-project-id';
import { ProjectStatusBadge } from './project-status';
import { ProjectsGuard } from './projects-guard';
import { ProjectChatPanel } from '../project-chat/project-chat-panel';
import { ShareDialog } from '../sharing/share-dialog';
import styles from './projects.module.css';

type OpenDialog = 'add' | 'create' | 'share' | null;

function ProjectNotFound() {
  usePageTitle('Project not found');
  return (
    <EmptyState alert>
      <h2>Project not found</h2>
      <p>The project you&apos;re looking for doesn&apos;t exist or you don&apos;t have access to it.</p>
      <Link to="/projects" className={buttonLink.link}>
        Back to Projects
      </Link>
    </EmptyState>
  );
}

function DocumentCard({ document }: { document: DocumentDto }) {
  const headingId = `project-document-${document.id}`;
  return (
    <article className={styles.projectDocumentCard} aria-labelledby={headingId}>
      <h3 id={headingId}>{document.title}</h3>
      <p className={styles.projectDocumentMeta}>Last updated {relativeTime(document.updatedAt)}</p>
      <p className={styles.projectDocumentPreview}>{document.content ? preview(document.content, PROJECT_DOCUMENT_PREVIEW_CHARS) : 'No content'}</p>
      <Link to={`/documents/${document.id}`} aria-label={`Open document ${document.title}`}>
        Open document
      </Link>
    </article>
  );
}

function ProjectDetail({ projectId }: { projectId: number }) {
  const project = useGetProjectQuery(projectId);
  const documents = useGetProjectDocumentsQuery(projectId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const navigate = useNavigate();
  const toast = useToast();
  usePageTitle(project.data?.name ?? 'Project');

  const failedOtherwise = project.error !== undefined && 'status' in project.error && project.error.status !== 404;
  useEffect(() => {
    if (!failedOtherwise) return;
    toast.error('Failed to load project details');
    void navigate('/projects', { replace: true });
  }, [failedOtherwise, navigate, toast]);

  if (project.isLoading) return <LoadingState text="Loading project..." />;
  if (!project.data) return project.isError ? <ProjectNotFound /> : null;

  const { name, description, status, updatedAt, role, workspaceId } = project.data;
  const isOwner = role === 'owner';
  const list = documents.data ?? [];
  // Only the owner adds documents to a project (docs/decisions/0012-sharing-and-roles.md); anyone with access sees who else has it.
  const actions = (
    <PageActions>
      <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => setDialog('share')} aria-haspopup="dialog">
        Share
      </Button>
      {isOwner && (
        <>
          <Button icon={<FileAddOutlined aria-hidden />} onClick={() => setDialog('add')} aria-haspopup="dialog">
            Add Existing Document
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog('create')} aria-haspopup="dialog">
            Create Document
          </Button>
        </>
      )}
    </PageActions>
  );

  // The project chat panel (part 2) goes after the main column; the layout then gives it the right side.
  return (
    <>
      <div className={styles.projectDetailLayout}>
        <div>
          <div className={styles.projectDetailHeader}>
            <PageHeader
              title={name}
              description={
                <>
                  <ProjectStatusBadge status={status} /> Last updated {relativeTime(updatedAt)} · <WorkspaceLabel workspaceId={workspaceId} />
                </>
              }
            />
            {actions}
          </div>

          <section className={styles.projectDetailSection} aria-labelledby="project-description">
            <h2 id="project-description">Description</h2>
            <p className={styles.projectDescription}>{description || 'No description provided.'}</p>
          </section>

          <section className={styles.projectDetailSection} aria-labelledby="project-documents">
            <h2 id="project-documents">Documents</h2>
            {documents.isLoading ? (
              <LoadingState text="Loading documents..." />
            ) : list.length === 0 ? (
              <EmptyState>
                <h3>No documents yet</h3>
                <p>Add an existing document or create a new one in this project.</p>
                {actions}
              </EmptyState>
            ) : (
              <ul className={styles.projectDocuments}>
                {list.map((document) => (
                  <li key={document.id}>
                    <DocumentCard document={document} />
                  </li>
                ))}
                {isOwner && (
                  <li>
                    <button type="button" className={styles.addDocumentCard} onClick={() => setDialog('add')} aria-haspopup="dialog">
                      <PlusOutlined aria-hidden />
                      Add Document
                    </button>
                  </li>
                )}
              </ul>
            )}
          </section>
        </div>
        {roleAllows(role, 'editor') && <ProjectChatPanel projectId={projectId} />}
      </div>
      <AddExistingDocumentDialog projectId={projectId} open={dialog === 'add'} onClose={() => setDialog(null)} />
      <CreateProjectDocumentDialog projectId={projectId} open={dialog === 'create'} onClose={() => setDialog(null)} />
      <ShareDialog item={{ kind: 'projects', id: projectId }} role={role} open={dialog === 'share'} onClose={() => setDialog(null)} />
    </>
  );
}

/** /projects/:id (docs/product.md §2). A non-numeric id queries nothing and shows 'Project not found'. */
export function ProjectDetailPage() {
  const projectId = parseProjectId(useParams().id);
  return (
    <Page>
      <ProjectsGuard>{projectId === null ? <ProjectNotFound /> : <ProjectDetail projectId={projectId} />}</ProjectsGuard>
    </Page>
  );
}
