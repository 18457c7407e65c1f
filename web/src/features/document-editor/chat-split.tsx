import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Grid } from 'antd';
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useShowsPageChat } from '../../shared/ui/page-chat';
import { CHAT_WIDTH, useChatPanelState } from './chat-panel-state';
import styles from './document-page.module.css';
import { PhoneTabs } from './phone-tabs';

const STEP = 2;

/**
 * The document in the main column and the AI chat beside it (docs/product.md §4): resizable by a handle (pointer or
 * arrow keys) and collapsible, both remembered. Below the large breakpoint (a phone) the document comes first and the
 * chat is a tab beside it. The chat stays mounted when hidden: its conversation goes on.
 */
export function ChatSplit({ document, chat }: { document: ReactNode; chat: ReactNode }) {
  const wide = Grid.useBreakpoint().lg === true;
  const [{ width, collapsed }, change] = useChatPanelState();
  useShowsPageChat(wide && !collapsed);
  const split = useRef<HTMLDivElement>(null);

  if (!wide) {
    return (
      <PhoneTabs
        className={styles.tabs}
        tabs={[
          { key: 'document', label: 'Document', children: document },
          { key: 'chat', label: 'AI chat', children: chat },
        ]}
      />
    );
  }

  const drag = (event: PointerEvent<HTMLDivElement>) => {
    const box = split.current?.getBoundingClientRect();
    if (!box || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
    change({ width: ((box.right - event.clientX) / box.width) * 100 });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = { ArrowLeft: width + STEP, ArrowRight: width - STEP, Home: CHAT_WIDTH.max, End: CHAT_WIDTH.min }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    change({ width: next });
  };

  return (
    <div ref={split} className={styles.split} style={{ gridTemplateColumns: collapsed ? 'minmax(0, 1fr) auto' : `minmax(0, 1fr) auto ${width}%` }}>
      <div className={styles.main}>{document}</div>
      {!collapsed && (
        // A focusable separator is a widget (the WAI-ARIA window splitter), which the lint rules take for static.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          className={styles.handle}
          role="separator"
          aria-orientation="vertical"
          aria-label="Resize the AI chat"
          aria-valuenow={width}
          aria-valuemin={CHAT_WIDTH.min}
          aria-valuemax={CHAT_WIDTH.max}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
          onPointerMove={drag}
        />
      )}
      <div className={styles.side}>
        <Button
          className={styles.collapse}
          size="small"
          type="text"
          icon={collapsed ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
          aria-expanded={!collapsed}
          onClick={() => change({ collapsed: !collapsed })}
        >
          {collapsed ? 'Show AI chat' : 'Hide AI chat'}
        </Button>
        <div hidden={collapsed}>{chat}</div>
      </div>
    </div>
  );
}
