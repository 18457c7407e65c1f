import { useId, type ReactNode } from 'react';
import styles from './settings.module.css';

/** One section of the settings panel under its heading; `danger` for the account's irreversible actions. */
export function SettingsSection({ title, danger = false, children }: { title: string; danger?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={danger ? `${styles.section} ${styles.danger}` : styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
