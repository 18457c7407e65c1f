import type { ReactNode } from 'react';
import styles from './aids.module.css';

interface Props {
  /** The button's name, also its tooltip (with its shortcut, if it has one). */
  label: string;
  keys?: string;
  /** A toggle's state; left out for a button that only acts. */
  pressed?: boolean;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A button of the editor's floating toolbars: it acts on the editor's selection without taking it. */
export function ToolButton({ label, keys, pressed, danger, onClick, children }: Props) {
  const className = [styles.tool, pressed && styles.toolActive, danger && styles.toolDanger].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-pressed={pressed}
      title={keys ? `${label} (${keys})` : label}
      // The selection must stay in the editor while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
