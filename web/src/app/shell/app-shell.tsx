import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { lazyNamed } from '../../shared/ui/lazy-named';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { usePushChannel } from '../use-push-channel';
import { useIsWideScreen } from '../../shared/ui/use-is-wide-screen';
import { BottomTabBar } from './bottom-tab-bar';
import { ShellChatPanel } from '../../features/chat-panel/shell-chat-panel';
import { FeedbackWidget } from '../../features/feedback/feedback-widget';
import { GlobalDialogs } from './global-dialogs';
import { PageLoading } from '../../shared/ui/page-loading';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import styles from './shell.module.css';

// The drawer's code (antd Drawer and its motion) is fetched when it is first opened, not on load.
const NavDrawer = lazyNamed(() => import('./nav-drawer'), 'NavDrawer');

/**
 * The frame around every page (docs/product.md §1). Wide screens get the sidebar; small screens the top bar,
 * drawer and bottom tab bar. Each variant is rendered only when it applies, never merely hidden.
 */
export function AppShell() {
  const isWide = useIsWideScreen();
  const { user } = useCurrentUser();
  usePushChannel(user?.id ?? null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Growing past the breakpoint removes the drawer; it must not pop open again when shrinking back.
  if (isWide && drawerOpen) setDrawerOpen(false);

  // Runs after the hydration's commit and the breakpoint's synchronous re-render, in the same task: a wide
  // screen shows the prerendered page only once it has the sidebar (web/scripts/prerender-pages.ts).
  useEffect(() => document.getElementById('root')?.removeAttribute('data-prerendered'), []);

  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };

  return (
    <div className={isWide ? styles.shellWide : styles.shellNarrow}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to main content
      </a>
      {isWide ? <Sidebar /> : <TopBar drawerOpen={drawerOpen} onOpenDrawer={openDrawer} />}
      <main id="main-content" className={styles.shellMain} tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {!isWide && drawerUsed && (
        <Suspense>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      {!isWide && <BottomTabBar />}
      <GlobalDialogs />
      <ShellChatPanel />
      <FeedbackWidget aboveBottomBar={!isWide} />
    </div>
  );
}
