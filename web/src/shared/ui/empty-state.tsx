import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/**
 * A heading, a line and an action in a dashed box: an empty list, or (`alert`) something that could not be
 * shown, announced as an alert.
 */
export function EmptyState({ alert = false, children }: { alert?: boolean; children: ReactNode }) {
  return alert ? (
    <section className={styles.emptyState} role="alert">
      {children}
    </section>
  ) : (
    <div className={styles.emptyState}>{children}</div>
  );
}
