import type { DocumentDto } from '@prd/proto';
import { Select } from 'antd';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { useGetWorkspacesQuery, useMoveDocumentToWorkspaceMutation } from './workspaces-api';

const PERSONAL = 'personal';

/** The name of the workspace an item is in, linked to its page, or Personal. */
export function WorkspaceLabel({ workspaceId }: { workspaceId: number | null }) {
  const { user } = useCurrentUser();
  const { data: workspaces = [] } = useGetWorkspacesQuery(undefined, { skip: !isRegistered(user) || workspaceId === null });
  const workspace = workspaces.find((w) => w.id === workspaceId);
  if (workspaceId === null) return <span aria-label="Workspace">Personal</span>;
  return <span aria-label="Workspace">{workspace ? <Link to={`/workspaces/${workspace.id}`}>{workspace.name}</Link> : 'A workspace'}</span>;
}

/**
 * Where a document lives (docs/decisions/0037-workspaces.md): its workspace, linked, or Personal; its owner (and the workspace's
 * admins, who have the owner role) may move it with "Move to…".
 */
export function DocumentWorkspace({ document: doc }: { document: DocumentDto }) {
  const { user } = useCurrentUser();
  const registered = isRegistered(user);
  const { data: workspaces = [] } = useGetWorkspacesQuery(undefined, { skip: !registered });
  const [move, moving] = useMoveDocumentToWorkspaceMutation();
  const toast = useToast();
  const place = <WorkspaceLabel workspaceId={doc.workspaceId} />;
  if (!registered || doc.role !== 'owner') return place;

  const moveTo = async (value: string) => {
    try {
      await move({ id: doc.id, workspaceId: value === PERSONAL ? null : Number(value) }).unwrap();
      toast.success('Document moved', value === PERSONAL ? 'It is in your Personal space now' : 'Every member of the workspace can open it now');
    } catch (error) {
      toast.error('Move failed', errorMessage(error));
    }
  };
  return (
    <>
      {place}{' '}
      <Select
        aria-label="Move to…"
        size="small"
        placeholder="Move to…"
        value={null}
        loading={moving.isLoading}
        style={{ minWidth: 140 }}
        onChange={(value: string) => void moveTo(value)}
        options={[{ value: PERSONAL, label: 'Personal' }, ...workspaces.map((w) => ({ value: String(w.id), label: w.name }))].filter(
          (o) => o.value !== (doc.workspaceId === null ? PERSONAL : String(doc.workspaceId)),
        )}
      />
    </>
  );
}
