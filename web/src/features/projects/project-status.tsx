import { PROJECT_STATUSES, type ProjectStatus } from '@prd/proto/project-statuses';
import { Badge } from '../../shared/ui/badge';
import table from '../../shared/list/data-table.module.css';
import styles from './project-status.module.css';

export const STATUS_LABELS: Record<ProjectStatus, string> = { 'in-progress': 'In Progress', completed: 'Completed' };
const STATUS_CLASSES: Record<ProjectStatus, string | undefined> = { 'in-progress': styles.inProgress, completed: styles.completed };

const isKnownStatus = (status: string): status is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(status);

/** docs/product.md §3: known statuses as badges, any other value as text, none as 'Not set'. */
export function ProjectStatusBadge({ status }: { status: string }) {
  if (!status) return <span className={table.cellMuted}>Not set</span>;
  if (!isKnownStatus(status)) return <span>{status}</span>;
  return <Badge className={STATUS_CLASSES[status]}>{STATUS_LABELS[status]}</Badge>;
}
