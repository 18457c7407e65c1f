import { Button, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { useOpenedOnce } from '../../shared/ui/use-opened-once';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { useCreateWorkspaceMutation, useGetWorkspacesQuery } from './workspaces-api';

const PERSONAL = 'personal';

/** Which space the page shows: the workspace of `/workspaces/{id}`, else Personal. */
function currentSpace(pathname: string): string {
  return /^\/workspaces\/(\d+)/.exec(pathname)?.[1] ?? PERSONAL;
}

/**
 * The top of the sidebar (docs/decisions/0037-workspaces.md): Personal first, then the user's workspaces, and a way to make a
 * new one. Only registered users have workspaces; guests and visitors see nothing here.
 */
export function WorkspaceSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useCurrentUser();
  const registered = isRegistered(user);
  const { data: workspaces = [] } = useGetWorkspacesQuery(undefined, { skip: !registered });
  const [createWorkspace, creating] = useCreateWorkspaceMutation();
  const [naming, setNaming] = useState(false);
  const namingOpened = useOpenedOnce(naming);
  const [name, setName] = useState('');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  if (!registered) return null;

  const go = (space: string) => {
    void navigate(space === PERSONAL ? '/documents' : `/workspaces/${space}`);
    onNavigate?.();
  };
  const create = async () => {
    try {
      const created = await createWorkspace({ name }).unwrap();
      setNaming(false);
      setName('');
      go(String(created.id));
    } catch (error) {
      toast.error('Could not create the workspace', errorMessage(error));
    }
  };

  return (
    <div>
      <Select
        aria-label="Workspace"
        style={{ width: '100%' }}
        value={currentSpace(pathname)}
        onChange={go}
        options={[{ value: PERSONAL, label: 'Personal' }, ...workspaces.map((w) => ({ value: String(w.id), label: w.name }))]}
      />
      <Button type="link" size="small" onClick={() => setNaming(true)}>
        New workspace
      </Button>
      {namingOpened && (
        <Modal
          open={naming}
          title="New workspace"
          okText={creating.isLoading ? 'Creating...' : 'Create workspace'}
          okButtonProps={{ disabled: !name.trim(), loading: creating.isLoading }}
          onOk={() => void create()}
          onCancel={() => setNaming(false)}
        >
          <Input aria-label="Workspace name" placeholder="Payments team" value={name} onChange={(e) => setName(e.target.value)} onPressEnter={() => void create()} />
        </Modal>
      )}
    </div>
  );
}
