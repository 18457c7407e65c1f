import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** A page's <h1> and the line that explains it; `actions` (a button or two) stand on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  const header = (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {description && <p className={styles.description}>{description}</p>}
    </header>
  );
  if (!actions) return header;
  return (
    <div className={styles.row}>
      {header}
      {actions}
    </div>
  );
}
