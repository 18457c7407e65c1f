import type { ComponentPropsWithoutRef } from 'react';
import styles from './badge.module.css';

/** A small pill label; `primary` in the theme's colour. A `className` (imported after this module) may recolour it. */
export function Badge({ primary = false, className, ...props }: ComponentPropsWithoutRef<'span'> & { primary?: boolean }) {
  const classes = [styles.badge, primary && styles.primary, className].filter(Boolean).join(' ');
  return <span className={classes} {...props} />;
}
