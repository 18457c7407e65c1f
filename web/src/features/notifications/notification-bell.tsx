import { BellOutlined } from '@ant-design/icons';
import { Suspense, useEffect, useRef, useState } from 'react';
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
  const bell = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = data?.unread ?? 0;

  // A popover: Escape closes it (the focus back on the bell), as does a press anywhere else on the page.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !bell.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  if (!user) return null;
  return (
    <div ref={bell} className={styles.notificationBell}>
      <button
        ref={button}
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
