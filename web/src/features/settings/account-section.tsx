import { RELOAD_AFTER_REGISTRATION_MS } from '../../shared/ui-constants';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useAppDispatch } from '../../shared/state/hooks';
import { useDeleteAccountMutation } from '../../shared/api/identity-api';
import { useToast } from '../../shared/toast/toast';
import type { SignedInUser } from '../../shared/user/use-current-user';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

/** The browser confirm texts of docs/product.md §5. */
export const RESET_GUEST_CONFIRM =
  'Reset your guest account? Your personal information will be removed. Your documents stay accessible, and you will continue with a new guest identity.';
export const DELETE_ACCOUNT_CONFIRM =
  'Delete your account? Your personal information will be removed. Your content stays but is no longer tied to your account. This cannot be undone.';

/**
 * Delete account (registered: anonymised, cached user cleared, back home) or Reset guest account
 * (a new guest identity, then the page reloads), each behind a browser confirm (docs/product.md §4, §5).
 */
export function AccountSection({ user, onClose }: { user: SignedInUser; onClose: () => void }) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const guest = user.isGuest;

  const run = async () => {
    if (!window.confirm(guest ? RESET_GUEST_CONFIRM : DELETE_ACCOUNT_CONFIRM)) return;
    try {
      const answer = await deleteAccount().unwrap();
      if (answer.isGuest) {
        toast.success('Account reset', 'You are continuing with a new guest identity.');
        setTimeout(() => window.location.reload(), RELOAD_AFTER_REGISTRATION_MS);
        return;
      }
      toast.success('Account anonymized', 'Your personal information was removed.');
      onClose();
      dispatch(api.util.resetApiState());
      void navigate('/');
    } catch (error) {
      toast.error('Error', errorMessage(error));
    }
  };

  return (
    <SettingsSection title={guest ? 'Reset guest account' : 'Delete account'} danger>
      <p className={styles.text}>
        {guest
          ? 'Remove your guest details and continue with a new guest identity. Your documents stay accessible.'
          : 'Remove your personal information. Your content stays but is no longer tied to your account.'}
      </p>
      <Button danger onClick={() => void run()} loading={isLoading}>
        {guest ? 'Reset guest account' : 'Delete account'}
      </Button>
    </SettingsSection>
  );
}
