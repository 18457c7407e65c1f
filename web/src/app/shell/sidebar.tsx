import { NotificationBell } from '../../features/notifications/notification-bell';
import { Brand } from './brand';
import { ShellPanel } from './shell-panel';
import styles from './shell.module.css';

/** The wide-screen sidebar: product name, Generate, the five destinations, usage and the account. */
export function Sidebar() {
  return (
    <aside className={styles.sidebar} aria-label="Sidebar">
      <div className={styles.sidebarHead}>
        <Brand />
        <NotificationBell inSidebar />
      </div>
      <ShellPanel />
    </aside>
  );
}
