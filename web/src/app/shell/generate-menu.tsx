import { PlusOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { openNewDocument } from '../../shared/state/dialogs-slice';
import { useAppDispatch } from '../../shared/state/hooks';
import styles from './shell.module.css';

const CHAT_ITEMS = [
  { label: 'Create Persona', to: '/chat?mode=persona' },
  { label: 'Brainstorm Ideas', to: '/chat?mode=brainstorm' },
  { label: 'Get Feedback', to: '/chat?mode=feedback' },
] as const;

/**
 * The Generate dropdown of docs/product.md §2, as a disclosure: the button toggles a panel of one button and
 * three links; Escape or a click elsewhere closes it, and focus moves in on open and back on Escape.
 */
export function GenerateMenu({ onNavigate }: { onNavigate?: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLButtonElement>(null);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!open) return undefined;
    firstItemRef.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const chosen = () => {
    setOpen(false);
    onNavigate?.();
  };

  return (
    // Escape from the button or any item inside closes the menu; the wrapper itself takes no focus or clicks.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above
    <div className={styles.generateMenu} ref={rootRef} onKeyDown={onKeyDown}>
      <button ref={buttonRef} type="button" className={styles.generateButton} aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
        <PlusOutlined aria-hidden />
        <span>Generate</span>
      </button>
      {open && (
        <div id={panelId} className={styles.generatePanel} role="group" aria-labelledby={`${panelId}-label`}>
          <p id={`${panelId}-label`} className={styles.generateLabel}>
            What would you like to create?
          </p>
          <ul>
            <li>
              <button
                ref={firstItemRef}
                type="button"
                className={styles.generateItem}
                aria-haspopup="dialog"
                onClick={() => {
                  chosen();
                  dispatch(openNewDocument());
                }}
              >
                New Document
              </button>
            </li>
            {CHAT_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={styles.generateItem} onClick={chosen}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
