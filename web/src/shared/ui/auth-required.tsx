import { Link, useLocation } from 'react-router-dom';
import styles from './auth-required.module.css';

/**
 * docs/product.md §2's protected-route wording, where something needs an account and the visitor has none:
 * 'Sign in to continue' leads to the sign-up choice and back here afterwards.
 */
export function AuthRequired({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname, search } = useLocation();
  const callbackUrl = encodeURIComponent(`${pathname}${search}`);
  return (
    <div className={styles.notice} role="note" aria-labelledby="auth-required-title">
      <h2 id="auth-required-title">Authentication Required</h2>
      <p>You need to be logged in to access this page.</p>
      <Link to={`/auth-options?callbackUrl=${callbackUrl}`} onClick={onNavigate}>
        Sign in to continue
      </Link>
    </div>
  );
}
