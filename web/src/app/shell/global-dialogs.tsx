import { Suspense } from 'react';
import { closeNewDocument, closeSettings, closeSignUp, closeUsageLimit } from '../../shared/state/dialogs-slice';
import { useAppDispatch, useAppSelector } from '../../shared/state/hooks';
import { lazyNamed } from '../../shared/ui/lazy-named';
import { useOpenedOnce } from '../../shared/ui/use-opened-once';

// Each dialog's code is fetched the first time it opens, never on page load.
const SettingsPanel = lazyNamed(() => import('../../features/settings/settings-panel'), 'SettingsPanel');
const RegistrationModal = lazyNamed(() => import('../../features/auth/registration-modal'), 'RegistrationModal');
const UsageLimitDialog = lazyNamed(() => import('../../features/auth/usage-limit-dialog'), 'UsageLimitDialog');
const StartNewDocumentDialog = lazyNamed(() => import('../../features/documents/start-new-document-dialog'), 'StartNewDocumentDialog');

/** The app-wide dialogs (dialogs-slice), opened from the shell, the pages or a failed call. */
export function GlobalDialogs() {
  const dialogs = useAppSelector((state) => state.dialogs);
  const dispatch = useAppDispatch();
  const settingsOpened = useOpenedOnce(dialogs.settings);
  const signUpOpened = useOpenedOnce(dialogs.signUp !== null);
  const limitOpened = useOpenedOnce(dialogs.usageLimit !== null);
  const newDocumentOpened = useOpenedOnce(dialogs.newDocument);

  return (
    <Suspense>
      {settingsOpened && <SettingsPanel open={dialogs.settings} onClose={() => dispatch(closeSettings())} />}
      {signUpOpened && <RegistrationModal context={dialogs.signUp} onClose={() => dispatch(closeSignUp())} />}
      {limitOpened && <UsageLimitDialog kind={dialogs.usageLimit} onClose={() => dispatch(closeUsageLimit())} />}
      {newDocumentOpened && <StartNewDocumentDialog open={dialogs.newDocument} onClose={() => dispatch(closeNewDocument())} />}
    </Suspense>
  );
}
