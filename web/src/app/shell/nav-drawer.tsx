import { Drawer } from 'antd';
import { AccountLinks } from './account-links';
import { Brand } from './brand';
import { MainNav } from './main-nav';
import { NAV_DRAWER_ID } from './top-bar';

/** The small-screen navigation: the sidebar's content in a drawer that closes once a link is chosen. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      id={NAV_DRAWER_ID}
      open={open}
      onClose={onClose}
      placement="left"
      size={280}
      title={<Brand onNavigate={onClose} />}
      classNames={{ body: 'nav-drawer-body' }}
    >
      <MainNav onNavigate={onClose} />
      <AccountLinks />
    </Drawer>
  );
}
