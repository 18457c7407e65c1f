import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { openSignUp } from '../../shared/state/dialogs-slice';
import { useAppDispatch } from '../../shared/state/hooks';
import { LoadingState } from '../../shared/ui/loading-state';
import { TermsNote } from '../auth/terms-note';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import dialog from '../../shared/ui/dialog.module.css';
import buttonLink from '../../shared/ui/button-link.module.css';
import styles from './projects.module.css';

/**
 * Projects need a full account (docs/product.md §2, §6): a spinner while the user loads; anonymous visitors
 * and guests get the blocking 'Sign up to Access Projects' dialog; closing it goes home.
 */
export function ProjectsGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  if (isLoading) return <LoadingState text="Loading…" />;
  if (isRegistered(user)) return children;

  const callbackUrl = encodeURIComponent(window.location.pathname);
  return (
    <Modal open title="Sign up to Access Projects" onCancel={() => void navigate('/')} footer={null} mask={{ closable: false }}>
      <p className={dialog.description}>Projects group your documents and are available with a free account. Sign up to create and manage projects.</p>
      <div className={dialog.stack}>
        <a href={`/api/login/email?callbackUrl=${callbackUrl}`} className={buttonLink.primary}>
          Sign up with Email
        </a>
        <Button size="large" onClick={() => dispatch(openSignUp({ reason: 'default' }))}>
          Create an account here
        </Button>
        <div className={styles.guardSecondary}>
          <Link to="/" className={buttonLink.link}>
            Go Back
          </Link>
          <Link to="/documents" className={buttonLink.link}>
            View Documents Instead
          </Link>
        </div>
      </div>
      <TermsNote action="signing up" />
    </Modal>
  );
}
