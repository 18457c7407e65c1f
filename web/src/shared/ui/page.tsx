import type { ComponentPropsWithoutRef } from 'react';
import styles from './page.module.css';

/** A page's content column, centred in the shell; `wide` for the pages with a chat beside a preview. */
export function Page({ wide = false, className, ...props }: ComponentPropsWithoutRef<'section'> & { wide?: boolean }) {
  const classes = [styles.page, wide && styles.wide, className].filter(Boolean).join(' ');
  return <section className={classes} {...props} />;
}
