import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { GRANTABLE_ROLES, type GrantableRole, type Role } from '@prd/proto';
import { Button, Input, Modal, Select, Space, Switch } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { ROLE_LABELS } from './role-label';
import {
  useAddShareMutation,
  useCreateShareLinkMutation,
  useGetShareLinkQuery,
  useGetSharesQuery,
  useRemoveShareMutation,
  useRevokeShareLinkMutation,
  useUpdateShareMutation,
  type SharedItem,
} from './sharing-api';
import styles from './share-dialog.module.css';

const ROLE_OPTIONS = GRANTABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface ShareDialogProps {
  item: SharedItem;
  /** The caller's role: only the owner changes who has access. */
  role: Role;
  open: boolean;
  onClose: () => void;
}

/** docs/decisions/0012-sharing-and-roles.md's Share dialog: invite by username or email, the people with access, and (documents) the read-only link. */
export function ShareDialog({ item, role, open, onClose }: ShareDialogProps) {
  const isOwner = role === 'owner';
  const shares = useGetSharesQuery(item, { skip: !open });
  const [addShare, adding] = useAddShareMutation();
  const [updateShare] = useUpdateShareMutation();
  const [removeShare] = useRemoveShareMutation();
  const [login, setLogin] = useState('');
  const [newRole, setNewRole] = useState<GrantableRole>('viewer');
  const toast = useToast();

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (!login.trim()) return;
    try {
      const share = await addShare({ ...item, login: login.trim(), role: newRole }).unwrap();
      setLogin('');
      toast.success('Shared', `${share.name ?? share.username} can now ${newRole === 'viewer' ? 'view' : newRole === 'commenter' ? 'comment' : 'edit'}.`);
    } catch (error) {
      toast.error('Could not share', errorMessage(error));
    }
  };

  const change = async (userId: number, next: GrantableRole) => {
    try {
      await updateShare({ ...item, userId, role: next }).unwrap();
    } catch (error) {
      toast.error('Could not change the role', errorMessage(error));
    }
  };

  const remove = async (userId: number) => {
    try {
      await removeShare({ ...item, userId }).unwrap();
    } catch (error) {
      toast.error('Could not remove access', errorMessage(error));
    }
  };

  return (
    <Modal open={open} onCancel={onClose} title="Share" footer={<Button onClick={onClose}>Done</Button>} destroyOnHidden>
      {isOwner && (
        <form className={styles.invite} onSubmit={(e) => void invite(e)} aria-label="Invite someone">
          <Input aria-label="Username or email" placeholder="Username or email" value={login} onChange={(e) => setLogin(e.target.value)} autoComplete="off" />
          <Select<GrantableRole> aria-label="Role" value={newRole} onChange={setNewRole} options={ROLE_OPTIONS} className={styles.roleSelect} />
          <Button type="primary" htmlType="submit" loading={adding.isLoading}>
            Invite
          </Button>
        </form>
      )}
      <h3 className={styles.heading}>People with access</h3>
      {shares.isError ? (
        <p role="alert">{errorMessage(shares.error)}</p>
      ) : (
        <ul className={styles.list} aria-label="People with access">
          {shares.data?.length === 0 && <li>Only the owner has access.</li>}
          {shares.data?.map((share) => (
            <li key={share.userId} className={styles.row}>
              <span className={styles.person}>
                <strong>{share.name ?? share.username}</strong>
                {share.name && <span> @{share.username}</span>}
              </span>
              {isOwner ? (
                <Space>
                  <Select<GrantableRole>
                    aria-label={`Role of ${share.username}`}
                    value={share.role}
                    onChange={(next) => void change(share.userId, next)}
                    options={ROLE_OPTIONS}
                    className={styles.roleSelect}
                  />
                  <Button aria-label={`Remove ${share.username}`} icon={<DeleteOutlined aria-hidden />} onClick={() => void remove(share.userId)} />
                </Space>
              ) : (
                <span>{ROLE_LABELS[share.role]}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {isOwner && item.kind === 'documents' && open && <ShareLinkSwitch documentId={item.id} />}
    </Modal>
  );
}

/**
 * "Anyone with the link can view": on makes a link, off revokes it at once. The server keeps only the token's hash
 * (docs/decisions/0030-share-link-hashes.md), so the address is shown only in the answer that made it; later, a new link replaces it.
 */
function ShareLinkSwitch({ documentId }: { documentId: number }) {
  const state = useGetShareLinkQuery(documentId);
  const [create, creating] = useCreateShareLinkMutation();
  const [revoke, revoking] = useRevokeShareLinkMutation();
  const toast = useToast();
  const switchId = useId();
  const link = state.data?.link ?? null;
  // The link made here, while it is still the one that is on.
  const made = link && creating.data?.createdAt === link.createdAt ? creating.data : null;

  const toggle = async (on: boolean) => {
    try {
      if (on) await create(documentId).unwrap();
      else await revoke(documentId).unwrap();
    } catch (error) {
      toast.error('Could not change the link', errorMessage(error));
    }
  };

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy', 'Select the link and copy it by hand.');
    }
  };

  return (
    <div className={styles.link}>
      <label className={styles.linkSwitch} htmlFor={switchId}>
        <Switch
          id={switchId}
          checked={link !== null}
          loading={state.isLoading || creating.isLoading || revoking.isLoading}
          onChange={(on) => void toggle(on)}
          aria-label="Anyone with the link can view"
        />
        <span>Anyone with the link can view</span>
      </label>
      {made && (
        <>
          <Space.Compact className={styles.linkUrl}>
            <Input readOnly value={made.url} aria-label="Share link" onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              Copy
            </Button>
          </Space.Compact>
          <p className={styles.linkNote}>Copy it now: for safety, the link is shown only once.</p>
        </>
      )}
      {link && !made && (
        <>
          <p className={styles.linkNote}>The link is on. Its address was shown once, when it was made; a new link replaces it, and the old one stops working.</p>
          <Button onClick={() => void toggle(true)} loading={creating.isLoading} className={styles.newLink}>
            Make a new link
          </Button>
        </>
      )}
    </div>
  );
}
