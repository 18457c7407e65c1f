import { Brand } from './brand';
import { ShellPanel } from './shell-panel';

/** The wide-screen sidebar: product name, Generate, the five destinations, usage and the account. */
export function Sidebar() {
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <Brand />
      <ShellPanel />
    </aside>
  );
}
