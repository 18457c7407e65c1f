import { NotificationBell } from '../../features/notifications/notification-bell';
import { Brand } from './brand';
import { ShellPanel } from './shell-panel';

/** The wide-screen sidebar: product name, Generate, the five destinations, usage and the account. */
export function Sidebar() {
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="sidebar-head">
        <Brand />
        <NotificationBell inSidebar />
      </div>
      <ShellPanel />
    </aside>
  );
}
