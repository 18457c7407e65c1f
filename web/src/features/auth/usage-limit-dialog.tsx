import type { UsageKind } from '@prd/proto';
import { LIMIT_MESSAGES } from '@prd/proto/limit-messages';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { openSettings, openSignUp } from '../../shared/state/dialogs-slice';
import { useAppDispatch } from '../../shared/state/hooks';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import dialog from '../../shared/ui/dialog.module.css';
import buttonLink from '../../shared/ui/button-link.module.css';

/**
 * The usage-limit dialog (docs/product.md §2, §8): visitors and guests are offered to sign up, by email
 * (/api/login/email) or right here; a registered user out of messages is pointed to their own key.
 */
export function UsageLimitDialog({ kind, onClose }: { kind: UsageKind | null; onClose: () => void }) {
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [shown, setShown] = useState<UsageKind>(kind ?? 'docs');
  if (kind && kind !== shown) setShown(kind);
  const texts = LIMIT_MESSAGES[shown];
  const callbackUrl = encodeURIComponent(`${location.pathname}${location.search}`);

  if (isRegistered(user)) {
    return (
      <Modal
        open={kind !== null}
        onCancel={onClose}
        title={texts.message}
        footer={[
          <Button key="close" onClick={onClose}>
            Close
          </Button>,
          <Button key="settings" type="primary" onClick={() => dispatch(openSettings())}>
            Open Settings
          </Button>,
        ]}
      >
        <p className={dialog.description}>You have used this month&apos;s allowance. Add your own OpenAI API key in Settings for unlimited access.</p>
      </Modal>
    );
  }

  return (
    <Modal open={kind !== null} onCancel={onClose} title={texts.message} footer={null}>
      <p className={dialog.description}>{texts.description}</p>
      <p className={dialog.note}>Registered users get unlimited documents, and unlimited access to the AI with their own OpenAI API key.</p>
      <div className={dialog.stack}>
        <a href={`/api/login/email?callbackUrl=${callbackUrl}`} className={buttonLink.primary}>
          Sign up with Email
        </a>
        <Button size="large" onClick={() => dispatch(openSignUp({ reason: 'limit', kind: shown }))}>
          Create an account here
        </Button>
        <Button size="large" type="text" onClick={onClose}>
          Not now
        </Button>
      </div>
    </Modal>
  );
}
