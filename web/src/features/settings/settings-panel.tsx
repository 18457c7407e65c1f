import { Modal } from 'antd';
import { AuthRequired } from '../../shared/ui/auth-required';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { AccountSection } from './account-section';
import { ApiKeySection } from './api-key-section';
import { ApiTokensSection } from './api-tokens-section';
import { RegisterSection } from './register-section';
import { UsageSection } from './usage-section';
import styles from './settings.module.css';

/**
 * The settings panel of docs/product.md §2: a modal (antd locks the page's scroll while it is open) with the
 * custom key, API tokens for registered users, registration for guests, usage limits, and deleting or resetting the account; a
 * visitor without an account is asked to sign in.
 */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useCurrentUser();
  return (
    <Modal open={open} onCancel={onClose} title="Settings" footer={null} width={560} destroyOnHidden>
      <p className={styles.intro}>Configure your account and application preferences</p>
      {/* A visitor without any account: the key and account sections need one (docs/product.md §2 wording). */}
      {user ? <ApiKeySection user={user} /> : <AuthRequired onNavigate={onClose} />}
      {isRegistered(user) && <ApiTokensSection />}
      {user?.isGuest && <RegisterSection user={user} />}
      <UsageSection />
      {user && <AccountSection user={user} onClose={onClose} />}
    </Modal>
  );
}
