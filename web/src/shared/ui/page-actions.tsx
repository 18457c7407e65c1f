import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** A row of buttons or button links under a page's header. */
export function PageActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
