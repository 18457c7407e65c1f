import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError, LoadingState } from '../../shared/ui/loading-state';
import { EmptyState } from '../../shared/ui/empty-state';
import { DataTable } from '../../shared/list/data-table';
import table from '../../shared/list/data-table.module.css';
import { relativeTime } from '../../shared/format/relative-time';
import { ROLE_LABELS } from './role-label';
import { useGetSharedDocumentsQuery, useGetSharedProjectsQuery } from './sharing-api';

/** "Mine" and "Shared with me" views of a list page; `?view=shared` keeps the choice in the address. */
export function OwnAndSharedTabs({ own, shared, noun }: { own: ReactNode; shared: ReactNode; noun: string }) {
  const [params, setParams] = useSearchParams();
  const active = params.get('view') === 'shared' ? 'shared' : 'own';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setParams(key === 'shared' ? { view: 'shared' } : {}, { replace: true })}
      items={[
        { key: 'own', label: `My ${noun}`, children: own },
        { key: 'shared', label: 'Shared with me', children: shared },
      ]}
    />
  );
}

interface SharedRow {
  id: number;
  title: string;
  href: string;
  owner: { username: string; name: string | null };
  role: keyof typeof ROLE_LABELS;
  updatedAt: string;
}

function SharedTable({ rows, isLoading, isError, noun }: { rows: SharedRow[] | undefined; isLoading: boolean; isError: boolean; noun: string }) {
  if (isLoading) return <LoadingState text={`Loading shared ${noun}...`} visible />;
  if (isError) return <LoadError>Failed to load shared {noun}</LoadError>;
  if (!rows?.length)
    return (
      <EmptyState>
        <h2>Nothing shared with you yet</h2>
        <p>When someone shares {noun} with you, they appear here.</p>
      </EmptyState>
    );
  return (
    <DataTable label={`${noun} shared with me`}>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Owner</th>
          <th scope="col">Your role</th>
          <th scope="col">Last Updated</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <Link to={row.href}>{row.title}</Link>
            </td>
            <td>{row.owner.name ?? row.owner.username}</td>
            <td>{ROLE_LABELS[row.role]}</td>
            <td className={table.cellMuted}>{relativeTime(row.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export function SharedDocumentsList() {
  const { data, isLoading, isError } = useGetSharedDocumentsQuery();
  const rows = data?.map((d) => ({ id: d.id, title: d.title, href: `/documents/${d.id}`, owner: d.owner, role: d.role, updatedAt: d.updatedAt }));
  return <SharedTable rows={rows} isLoading={isLoading} isError={isError} noun="documents" />;
}

export function SharedProjectsList() {
  const { data, isLoading, isError } = useGetSharedProjectsQuery();
  const rows = data?.map((p) => ({ id: p.id, title: p.name, href: `/projects/${p.id}`, owner: p.owner, role: p.role, updatedAt: p.updatedAt }));
  return <SharedTable rows={rows} isLoading={isLoading} isError={isError} noun="projects" />;
}
