import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './phone-tabs.module.css';

export interface PhoneTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The document page's tabs on a phone (docs/decisions/0048-document-page-phone-first-paint.md): WAI-ARIA tabs (arrow keys,
 * Home and End move and select; one tab stop), a panel rendered once first selected and kept mounted after. Not antd's
 * Tabs: they measure every tab in a layout effect when they mount, which forces a layout of the whole document page
 * (its stored text included) in the same task as its first render.
 */
export function PhoneTabs({ tabs, className }: { tabs: PhoneTab[]; className?: string }) {
  const id = useId();
  const [active, setActive] = useState(0);
  const [opened, setOpened] = useState(() => new Set([0]));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    setActive(index);
    setOpened((current) => (current.has(index) ? current : new Set(current).add(index)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: active === last ? 0 : active + 1, ArrowLeft: active === 0 ? last : active - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className={className}>
      <div className={styles.list} role="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            className={styles.tab}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={index === active}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => select(index)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div key={tab.key} role="tabpanel" id={`${id}-panel-${tab.key}`} aria-labelledby={`${id}-tab-${tab.key}`} hidden={index !== active}>
          {opened.has(index) && tab.children}
        </div>
      ))}
    </div>
  );
}
