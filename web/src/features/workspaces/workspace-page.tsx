import { GRANTABLE_ROLES, type GrantableRole, type WorkspaceDto, type WorkspaceRole } from '@prd/proto';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DataTable } from '../../shared/list/data-table';
import table from '../../shared/list/data-table.module.css';
import { relativeTime } from '../../shared/format/relative-time';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { EmptyState } from '../../shared/ui/empty-state';
import { LoadError, LoadingState } from '../../shared/ui/loading-state';
import { Page } from '../../shared/ui/page';
import { PageHeader } from '../../shared/ui/page-header';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { StartNewDocumentDialog } from '../documents/start-new-document-dialog';
import { ROLE_LABELS } from '../sharing/role-label';
import styles from './workspace-page.module.css';
import {
  useCreateWorkspaceInviteMutation,
  useGetWorkspaceDocumentsQuery,
  useGetWorkspaceMembersQuery,
  useGetWorkspacesQuery,
  useRemoveWorkspaceMemberMutation,
  useUpdateWorkspaceMemberMutation,
  useUpdateWorkspaceMutation,
} from './workspaces-api';

const MEMBER_ROLES: Array<{ value: WorkspaceRole; label: string }> = [
  { value: 'admin', label: 'Admin' },
  { value: 'member', label: 'Member' },
];
const DEFAULT_ROLES = GRANTABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** A workspace (docs/decisions/0037-workspaces.md): its documents, and its members with their roles and invite links. */
export function WorkspacePage() {
  const id = Number(useParams().id);
  const { data: workspaces, isLoading, isError } = useGetWorkspacesQuery();
  const workspace = workspaces?.find((w) => w.id === id);
  usePageTitle(workspace?.name ?? 'Workspace');
  if (isLoading) return <LoadingState text="Loading workspace..." visible />;
  if (isError) return <LoadError>Failed to load the workspace</LoadError>;
  if (!workspace)
    return (
      <Page>
        <EmptyState>
          <h2>Workspace not found</h2>
          <p>
            You are not a member of this workspace. <Link to="/documents">Back to your documents</Link>
          </p>
        </EmptyState>
      </Page>
    );
  return (
    <Page>
      <PageHeader
        title={workspace.name}
        description={`You are ${workspace.role === 'admin' ? 'an admin' : 'a member'} of this workspace`}
        actions={<NewWorkspaceDocument workspace={workspace} />}
      />
      <WorkspaceDocuments workspace={workspace} />
      <WorkspaceMembers workspace={workspace} />
    </Page>
  );
}

/** The documents page's New Document dialog (a template, or the AI-assisted flow), with this workspace as the space. */
function NewWorkspaceDocument({ workspace }: { workspace: WorkspaceDto }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        New Document
      </Button>
      <StartNewDocumentDialog open={open} onClose={() => setOpen(false)} createDirectly workspaceId={workspace.id} />
    </>
  );
}

function WorkspaceDocuments({ workspace }: { workspace: WorkspaceDto }) {
  const { data, isLoading, isError } = useGetWorkspaceDocumentsQuery(workspace.id);
  if (isLoading) return <LoadingState text="Loading documents..." visible />;
  if (isError) return <LoadError>Failed to load the workspace's documents</LoadError>;
  if (!data?.length)
    return (
      <EmptyState>
        <h2>No documents yet</h2>
        <p>Documents made here are visible to every member.</p>
      </EmptyState>
    );
  return (
    <DataTable label="Workspace documents">
      <thead>
        <tr>
          <th className={table.cell}>Title</th>
          <th className={table.cell}>Owner</th>
          <th className={table.cell}>Your role</th>
          <th className={table.cell}>Updated</th>
        </tr>
      </thead>
      <tbody>
        {data.map((d) => (
          <tr key={d.id}>
            <td className={table.cell}>
              <Link to={`/documents/${d.id}`}>{d.title}</Link>
            </td>
            <td className={table.cell}>{d.owner.name || d.owner.username}</td>
            <td className={table.cell}>{ROLE_LABELS[d.role]}</td>
            <td className={table.cell}>{relativeTime(d.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function WorkspaceMembers({ workspace }: { workspace: WorkspaceDto }) {
  const { user } = useCurrentUser();
  const { data: members = [] } = useGetWorkspaceMembersQuery(workspace.id);
  const [updateMember] = useUpdateWorkspaceMemberMutation();
  const [removeMember] = useRemoveWorkspaceMemberMutation();
  const [updateWorkspace] = useUpdateWorkspaceMutation();
  const [createInvite, inviting] = useCreateWorkspaceInviteMutation();
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const admin = workspace.role === 'admin';
  const leave = async () => {
    if (!user) return;
    await removeMember({ id: workspace.id, userId: user.id }).unwrap();
    void navigate('/documents');
  };
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      toast.error('Error', errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="workspace-members" className={styles.members}>
      <h2 id="workspace-members">Members</h2>
      {admin && (
        <p>
          Members can{' '}
          <Select<GrantableRole>
            aria-label="Default role"
            size="small"
            value={workspace.defaultRole}
            options={DEFAULT_ROLES}
            onChange={(defaultRole) => void attempt(() => updateWorkspace({ id: workspace.id, defaultRole }).unwrap())}
          />{' '}
          the workspace's documents and projects.
        </p>
      )}
      <DataTable label="Workspace members">
        <tbody>
          {members.map((m) => (
            <tr key={m.userId}>
              <td className={table.cell}>{m.name || m.username}</td>
              <td className={table.cell}>
                {admin ? (
                  <Select<WorkspaceRole>
                    aria-label={`Role of ${m.username}`}
                    size="small"
                    value={m.role}
                    options={MEMBER_ROLES}
                    onChange={(role) => void attempt(() => updateMember({ id: workspace.id, userId: m.userId, role }).unwrap())}
                  />
                ) : (
                  MEMBER_ROLES.find((r) => r.value === m.role)?.label
                )}
              </td>
              <td className={table.cell}>
                {m.userId === user?.id ? (
                  <Button size="small" onClick={() => void attempt(leave)}>
                    Leave
                  </Button>
                ) : (
                  admin && (
                    <Button size="small" danger onClick={() => void attempt(() => removeMember({ id: workspace.id, userId: m.userId }).unwrap())}>
                      Remove {m.username}
                    </Button>
                  )
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {admin && (
        <div className={styles.invite}>
          <Button loading={inviting.isLoading} onClick={() => void attempt(async () => setInviteUrl((await createInvite(workspace.id).unwrap()).url))}>
            Create invite link
          </Button>
          {inviteUrl && (
            <p>
              Anyone with this link can join for 7 days; copy it now, it is shown only once:{' '}
              <Typography.Text copyable code aria-label="Invite link">
                {inviteUrl}
              </Typography.Text>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
