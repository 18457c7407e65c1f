import { PlusOutlined } from '@ant-design/icons';
import { type ProjectDto } from '@prd/proto';
import { DOCUMENTS_PAGE_SIZE } from '../../shared/ui-constants';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDeleteProjectMutation, useGetProjectsQuery } from '../../shared/api/content-api';
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
import { ProjectFormDialog } from './project-form-dialog';
import { ProjectStatusBadge } from './project-status';
import { ProjectsGuard } from './projects-guard';
import { OwnAndSharedTabs, SharedProjectsList } from '../sharing/shared-with-me';
import styles from './projects.module.css';

const nameOf = (project: ProjectDto): string => project.name;

type Editing = { project: ProjectDto | null } | null;

function ProjectsList() {
  const { data: projects, isLoading, isError } = useGetProjectsQuery();
  const [deleteProject] = useDeleteProjectMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const list = usePagedList(projects, nameOf, DOCUMENTS_PAGE_SIZE);
  const [modal, confirmHolder] = Modal.useModal();
  const toast = useToast();

  const confirmDelete = (project: ProjectDto) =>
    void modal.confirm({
      title: 'Delete project?',
      content: `"${project.name}" will be deleted. Its documents stay in your document list.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await deleteProject(project.id).unwrap();
          toast.success('Project deleted', 'The project has been successfully deleted');
        } catch (error) {
          toast.error('Error', errorMessage(error));
        }
      },
    });

  const create = () => setEditing({ project: null });

  let body;
  if (isLoading) body = <LoadingState text="Loading projects..." visible />;
  else if (isError) body = <LoadError>Failed to load projects</LoadError>;
  else if (!projects?.length)
    body = (
      <EmptyState>
        <h2>No projects yet</h2>
        <p>Group related documents into a project.</p>
        <Button type="primary" onClick={create} aria-haspopup="dialog">
          Create your first project
        </Button>
      </EmptyState>
    );
  else
    body = (
      <PagedTable list={list} noun="projects" sortLabel="Project Name" columns={['Description', 'Status', 'Last Updated']} pagerLabel="Project pages">
        {(project) => (
          <tr key={project.id}>
            <td>
              <Link to={`/projects/${project.id}`}>{project.name}</Link>
            </td>
            <td className={`${table.cellMuted} ${styles.cellDescription}`}>{project.description || 'No description'}</td>
            <td>
              <ProjectStatusBadge status={project.status} />
            </td>
            <td className={table.cellMuted}>{relativeTime(project.updatedAt)}</td>
            <td className={table.cellActions}>
              <RowActions name={project.name} onEdit={() => setEditing({ project })} onDelete={() => confirmDelete(project)} />
            </td>
          </tr>
        )}
      </PagedTable>
    );

  return (
    <>
      <PageHeader
        title="Projects"
        description="Group your documents by product or initiative"
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create} aria-haspopup="dialog">
            New Project
          </Button>
        }
      />
      <OwnAndSharedTabs own={body} shared={<SharedProjectsList />} noun="projects" />
      <ProjectFormDialog open={editing !== null} project={editing?.project ?? null} onClose={() => setEditing(null)} />
      {confirmHolder}
    </>
  );
}

/** /projects (docs/product.md §2): registered users' projects; everyone else meets the guard. */
export function ProjectsPage() {
  usePageTitle('Projects');
  return (
    <Page>
      <ProjectsGuard>
        <ProjectsList />
      </ProjectsGuard>
    </Page>
  );
}
