import { AccountLinks } from './account-links';
import { Brand } from './brand';
import { MainNav } from './main-nav';

/** The wide-screen sidebar: product name, the five destinations, and the account links. */
export function Sidebar() {
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <Brand />
      <MainNav />
      <AccountLinks />
    </aside>
  );
}
