import type { ComponentPropsWithoutRef } from 'react';
import styles from './list-item-button.module.css';

/** A whole-row button in a side list (chat threads, revision history); the list's own `className` sizes it. */
export function ListItemButton({ className, ...props }: Omit<ComponentPropsWithoutRef<'button'>, 'type'>) {
  return <button type="button" className={className ? `${styles.listItemButton} ${className}` : styles.listItemButton} {...props} />;
}
