import { Spin } from 'antd';
import type { ReactNode } from 'react';
import styles from './loading-state.module.css';

/** A centred spinner with a text for screen readers (or shown beside it when `visible`). */
export function LoadingState({ text = 'Loading…', visible = false }: { text?: string; visible?: boolean }) {
  return (
    <div className={styles.loading} role="status">
      <Spin />
      <span className={visible ? styles.text : 'visually-hidden'}>{text}</span>
    </div>
  );
}

/** The line shown in place of what failed to load, in the loading text's colour, announced as an alert. */
export function LoadError({ children }: { children: ReactNode }) {
  return (
    <p className={styles.text} role="alert">
      {children}
    </p>
  );
}
