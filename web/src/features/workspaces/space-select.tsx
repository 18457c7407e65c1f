import { Select } from 'antd';
import { useId } from 'react';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { useGetWorkspacesQuery } from './workspaces-api';

interface Props {
  /** The chosen workspace, or null for Personal. */
  value: number | null;
  onChange: (workspaceId: number | null) => void;
  /** The dialog's field style, for the label and the select. */
  className?: string;
}

/**
 * "Space": where a new document goes (docs/decisions/0037-workspaces.md), Personal or one of the user's workspaces. Shown
 * only to a registered user with a workspace; everyone else creates in Personal, as before workspaces.
 */
export function SpaceSelect({ value, onChange, className }: Props) {
  const { user } = useCurrentUser();
  const registered = isRegistered(user);
  const { data: workspaces = [] } = useGetWorkspacesQuery(undefined, { skip: !registered });
  const id = useId();
  if (!registered || workspaces.length === 0) return null;
  return (
    <div className={className}>
      <label htmlFor={id}>Space</label>
      <Select
        id={id}
        style={{ width: '100%' }}
        value={value ?? 0}
        onChange={(next: number) => onChange(next === 0 ? null : next)}
        options={[{ value: 0, label: 'Personal' }, ...workspaces.map((w) => ({ value: w.id, label: w.name }))]}
      />
    </div>
  );
}
