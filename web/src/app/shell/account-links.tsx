import { LogoutOutlined } from '@ant-design/icons';
import { AVATAR_CHARS } from '@prd/proto';
import { useCurrentUser, type SignedInUser } from '../use-current-user';

const displayName = (user: SignedInUser): string => user.name || user.firstName || user.username;

/** Who is signed in, and the way out. Log out is a server route, so it is a plain link. */
export function AccountLinks() {
  const { user } = useCurrentUser();
  return (
    <div className="account-links">
      {user && (
        <div className="account-user">
          <span className="account-avatar" aria-hidden>
            {displayName(user).slice(0, AVATAR_CHARS)}
          </span>
          <span className="account-name">{displayName(user)}</span>
        </div>
      )}
      <a href="/api/logout" className="logout-link">
        <LogoutOutlined aria-hidden className="nav-icon" />
        <span>Log out</span>
      </a>
    </div>
  );
}
