import { PROJECT_STATUSES, type ProjectStatus } from '@prd/proto/project-statuses';

export const STATUS_LABELS: Record<ProjectStatus, string> = { 'in-progress': 'In Progress', completed: 'Completed' };

const isKnownStatus = (status: string): status is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(status);

/** docs/product.md §3: known statuses as badges, any other value as text, none as 'Not set'. */
export function ProjectStatusBadge({ status }: { status: string }) {
  if (!status) return <span className="cell-muted">Not set</span>;
  if (!isKnownStatus(status)) return <span>{status}</span>;
  return <span className={`badge status-${status}`}>{STATUS_LABELS[status]}</span>;
}
