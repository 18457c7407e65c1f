import { BellOutlined } from '@ant-design/icons';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../shared/ui/lazy-named';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { useGetNotificationsQuery } from './notifications-api';
import styles from './notifications.module.css';

// The list (and its antd parts) loads when first opened, not with the shell.
const NotificationList = lazyNamed(() => import('./notification-list'), 'NotificationList');

/** The shell's bell (docs/decisions/0012-sharing-and-roles.md): the unread count, kept live by `/ws-general` pushes, and the list on click. */
export function NotificationBell({ inSidebar = false }: { inSidebar?: boolean }) {
  const { user } = useCurrentUser();
  const { data } = useGetNotificationsQuery(undefined, { skip: !user });
  const [open, setOpen] = useState(false);
  const unread = data?.unread ?? 0;
  if (!user) return null;
  return (
    <div className={styles.notificationBell}>
      <button
        type="button"
        className={styles.notificationBellButton}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(!open)}
      >
        <BellOutlined aria-hidden />
        {unread > 0 && (
          <span className={styles.notificationCount} data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense>
          <NotificationList besideSidebar={inSidebar} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
