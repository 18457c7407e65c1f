import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../app/page-header';
import { usePageTitle } from '../../app/use-page-title';
import { safeCallbackPath } from './safe-callback-path';

/** The choice between signing up and going on as a guest; either way leads back to `callbackUrl`. */
export function AuthOptionsPage() {
  usePageTitle('Sign up to continue');
  const [searchParams] = useSearchParams();
  const target = safeCallbackPath(searchParams.get('callbackUrl')) ?? '/';
  return (
    <section className="page">
      <PageHeader title="Sign up to continue" />
      <div className="page-actions">
        <Link to={`/auth?callbackUrl=${encodeURIComponent(target)}`} className="button-link button-link-primary">
          Sign up with Email
        </Link>
        <Link to={target} className="button-link">
          Continue without signing in
        </Link>
      </div>
    </section>
  );
}
