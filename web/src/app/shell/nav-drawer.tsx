import { Drawer } from 'antd';
import { Brand } from './brand';
import { ShellPanel } from './shell-panel';
import { NAV_DRAWER_ID } from './top-bar';
import styles from './shell.module.css';

/** The small-screen navigation: the sidebar's content in a drawer that closes once a link is chosen. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer id={NAV_DRAWER_ID} open={open} onClose={onClose} placement="left" size={280} title={<Brand onNavigate={onClose} />} classNames={{ body: styles.navDrawerBody }}>
      <ShellPanel onNavigate={onClose} />
    </Drawer>
  );
}
