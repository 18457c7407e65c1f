import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_CHARS } from '../../shared/ui-constants';
import { openSettings } from '../../shared/state/dialogs-slice';
import { useAppDispatch } from '../../shared/state/hooks';
import { displayName, useCurrentUser } from '../../shared/user/use-current-user';

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
    <div className="account-links">
      <div className="account-user">
        <span className="account-avatar" aria-hidden>
          {name.slice(0, AVATAR_CHARS)}
        </span>
        <span className="account-name">{name}</span>
      </div>
      <button
        type="button"
        className="account-action"
        aria-haspopup="dialog"
        onClick={() => {
          onNavigate?.();
          dispatch(openSettings());
        }}
      >
        <UserOutlined aria-hidden className="nav-icon" />
        <span>View profile</span>
      </button>
      <a href="/api/logout" className="account-action">
        <LogoutOutlined aria-hidden className="nav-icon" />
        <span>Log out</span>
      </a>
    </div>
  );
}
