import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { Brand } from './brand';
import styles from './shell.module.css';

export const NAV_DRAWER_ID = 'nav-drawer';

/** The small-screen header: a menu button that opens the navigation drawer, and the product name. */
export function TopBar({ drawerOpen, onOpenDrawer }: { drawerOpen: boolean; onOpenDrawer: () => void }) {
  return (
    <header className={styles.topBar}>
      <Button
        type="text"
        size="large"
        icon={<MenuOutlined aria-hidden />}
        aria-label="Open navigation menu"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        aria-controls={drawerOpen ? NAV_DRAWER_ID : undefined}
        onClick={onOpenDrawer}
      />
      <Brand />
      <span className={styles.topBarEnd}>
        <NotificationBell />
      </span>
    </header>
  );
}
