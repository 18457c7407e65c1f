import { WorkspaceSwitcher } from '../../features/workspaces/workspace-switcher';
import { AccountLinks } from './account-links';
import { GenerateMenu } from './generate-menu';
import { MainNav } from './main-nav';
import { SignUpBanner } from './sign-up-banner';
import { UsageSummary } from './usage-summary';
import styles from './shell.module.css';

/** What the sidebar and the drawer both hold: the workspace switcher, Generate, the navigation, usage, the banner and the account. */
export function ShellPanel({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <WorkspaceSwitcher onNavigate={onNavigate} />
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
