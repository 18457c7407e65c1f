import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Grid } from 'antd';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../shared/ui/lazy-named';
import styles from './project-chat.module.css';
import floating from '../../shared/ui/floating-launcher.module.css';

// The chat (markdown, the socket) loads with the panel, not with the project page.
const ProjectChat = lazyNamed(() => import('./project-chat'), 'ProjectChat');

/**
 * 'Project Chat' of the project detail page (docs/product.md §2): a panel on the right on wide screens, a
 * floating button that opens it on small ones. The chat is active (realtime connected) while shown.
 */
export function ProjectChatPanel({ projectId }: { projectId: number }) {
  // antd's `xl` (1200 px) and up: the page has room for the chat beside its main column (as in projects.module.css).
  const isWide = Grid.useBreakpoint().xl === true;
  const [open, setOpen] = useState(false);

  if (isWide) {
    return (
      <aside className={styles.projectChatPanel} aria-labelledby="project-chat-heading">
        <h2 id="project-chat-heading">Project Chat</h2>
        <Suspense>
          <ProjectChat projectId={projectId} active />
        </Suspense>
      </aside>
    );
  }

  return (
    <div>
      {open ? (
        <aside className={`${styles.projectChatPanel} ${styles.projectChatFloating}`} aria-labelledby="project-chat-heading">
          <header className={styles.projectChatHead}>
            <h2 id="project-chat-heading">Project Chat</h2>
            <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label="Close Project Chat" onClick={() => setOpen(false)} />
          </header>
          <Suspense>
            <ProjectChat projectId={projectId} active />
          </Suspense>
        </aside>
      ) : (
        <button type="button" className={`${floating.launcher} ${styles.projectChatLauncher}`} aria-expanded={false} onClick={() => setOpen(true)}>
          <MessageOutlined aria-hidden />
          <span>Project Chat</span>
        </button>
      )}
    </div>
  );
}
