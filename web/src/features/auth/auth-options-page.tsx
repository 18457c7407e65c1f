import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { PageActions } from '../../shared/ui/page-actions';
import { PageHeader } from '../../shared/ui/page-header';
import { Page } from '../../shared/ui/page';
import buttonLink from '../../shared/ui/button-link.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { safeCallbackPath } from './safe-callback-path';

/**
 * The choice between signing up and going on without signing in (docs/product.md §2); either way leads to
 * `callbackUrl`. A user who is already signed in goes there at once.
 */
export function AuthOptionsPage() {
  usePageTitle('Sign up to continue');
  const { user, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const target = safeCallbackPath(searchParams.get('callbackUrl')) ?? '/';

  if (isLoading) {
    return <PageLoading text="Loading…" />;
  }
  if (user) return <Navigate to={target} replace />;

  return (
    <Page>
      <PageHeader title="Sign up to continue" />
      <PageActions>
        <Link to={`/auth?callbackUrl=${encodeURIComponent(target)}`} className={buttonLink.primary}>
          Sign up with Email
        </Link>
        <Link to={target} className={buttonLink.link}>
          Continue without signing in
        </Link>
      </PageActions>
    </Page>
  );
}
