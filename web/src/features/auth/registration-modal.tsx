import { RELOAD_AFTER_REGISTRATION_MS } from '../../shared/ui-constants';
import { Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { SignUpContext } from '../../shared/state/dialogs-slice';
import { useToast } from '../../shared/toast/toast';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { SignUpForm } from './sign-up-form';
import { signUpTexts } from './sign-up-texts';
import dialog from '../../shared/ui/dialog.module.css';

/**
 * The sign-up dialog and registration modal of docs/product.md §2: its texts follow why it opened; it closes
 * by itself once a registered user exists, and the page reloads a second after registering here.
 */
export function RegistrationModal({ context, onClose }: { context: SignUpContext | null; onClose: () => void }) {
  const { user } = useCurrentUser();
  const toast = useToast();
  // Keep the texts while the dialog animates out after `context` became null.
  const [shown, setShown] = useState<SignUpContext>(context ?? { reason: 'default' });
  if (context && context !== shown) setShown(context);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const open = context !== null;
  const registered = isRegistered(user);

  useEffect(() => {
    if (open && registered) onClose();
  }, [open, registered, onClose]);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const { title, description } = signUpTexts(shown);
  return (
    <Modal open={open} onCancel={onClose} title={title} footer={null} destroyOnHidden width={480}>
      {description && <p className={dialog.description}>{description}</p>}
      <SignUpForm
        formName="sign-up-dialog"
        onCancel={onClose}
        onRegistered={() => {
          toast.success('Account created!', "You're now logged in and can continue your work.");
          reloadTimer.current = setTimeout(() => window.location.reload(), RELOAD_AFTER_REGISTRATION_MS);
        }}
      />
    </Modal>
  );
}
