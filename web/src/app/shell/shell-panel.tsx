import { lazy, Suspense } from 'react';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { AccountLinks } from './account-links';
import { GenerateMenu } from './generate-menu';
import { MainNav } from './main-nav';
import { SignUpBanner } from './sign-up-banner';
import { UsageSummary } from './usage-summary';
import styles from './shell.module.css';

// Only registered users have workspaces: a visitor's or a guest's first screen never loads the switcher's select and dialog.
const WorkspaceSwitcher = lazy(() => import('../../features/workspaces/workspace-switcher').then((m) => ({ default: m.WorkspaceSwitcher })));

/** What the sidebar and the drawer both hold: the workspace switcher, Generate, the navigation, usage, the banner and the account. */
export function ShellPanel({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useCurrentUser();
  return (
    <>
      {isRegistered(user) && (
        <Suspense fallback={null}>
          <WorkspaceSwitcher onNavigate={onNavigate} />
        </Suspense>
      )}
      <GenerateMenu onNavigate={onNavigate} />
      <MainNav onNavigate={onNavigate} />
      <div className={styles.shellPanelFoot}>
        <UsageSummary />
        <SignUpBanner onNavigate={onNavigate} />
        <AccountLinks onNavigate={onNavigate} />
      </div>
    </>
  );
}
