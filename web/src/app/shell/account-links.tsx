import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_CHARS } from '../../shared/ui-constants';
import { openSettings } from '../../shared/state/dialogs-slice';
import { useAppDispatch } from '../../shared/state/hooks';
import { displayName, useCurrentUser } from '../../shared/user/use-current-user';
import styles from './shell.module.css';

/**
 * Who is signed in, their profile (the settings panel) and the way out (docs/product.md §1). Log out is a
 * server route, so it is a plain link. An anonymous visitor has neither.
 */
export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();
  if (!user) return null;
  const name = displayName(user);
  return (
    <div className={styles.accountLinks}>
      <div className={styles.accountUser}>
        <span className={styles.accountAvatar} aria-hidden>
          {name.slice(0, AVATAR_CHARS)}
        </span>
        <span className={styles.accountName}>{name}</span>
      </div>
      <button
        type="button"
        className={styles.accountAction}
        aria-haspopup="dialog"
        onClick={() => {
          onNavigate?.();
          dispatch(openSettings());
        }}
      >
        <UserOutlined aria-hidden className={styles.navIcon} />
        <span>View profile</span>
      </button>
      <a href="/api/logout" className={styles.accountAction}>
        <LogoutOutlined aria-hidden className={styles.navIcon} />
        <span>Log out</span>
      </a>
    </div>
  );
}
