import type { ReactNode } from 'react';
import styles from './data-table.module.css';

/** A bordered table that scrolls sideways on a small screen; its rows use the cell classes of data-table.module.css. */
export function DataTable({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table} aria-label={label}>
        {children}
      </table>
    </div>
  );
}
