import { Alert, Tabs } from 'antd';
import { SSO_ERROR_PARAM, ssoErrorMessage } from '@prd/proto/sso-messages';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/page-header';
import { Page } from '../../shared/ui/page';
import { PRODUCT_NAME } from '../../shared/ui/product-name';
import { useToast } from '../../shared/toast/toast';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { AuthFeatures } from './auth-features';
import { DemoAccountBox } from './demo-account-box';
import { LoginForm } from './login-form';
import { safeCallbackPath } from './safe-callback-path';
import { SignUpForm } from './sign-up-form';
import { SsoButton } from './sso-button';
import { TermsNote } from './terms-note';
import styles from './auth.module.css';

type AuthTab = 'login' | 'signup';

/**
 * /auth (docs/product.md §2): Log In and Sign Up tabs (`?tab=signup` opens the second), the features panel,
 * the test account and the terms note; "Continue with …" when single sign-on is configured, and why it failed (`?sso_error=`). A registered user is sent on to callbackUrl, or home.
 */
export function AuthPage() {
  usePageTitle('Log in or sign up');
  const { user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const target = safeCallbackPath(searchParams.get('callbackUrl')) ?? '/';
  const tab: AuthTab = searchParams.get('tab') === 'signup' ? 'signup' : 'login';
  const ssoError = ssoErrorMessage(searchParams.get(SSO_ERROR_PARAM));

  // The forms show while the user is still being looked up (they are the page's prerendered first screen,
  // web/scripts/prerender-pages.ts); a user who turns out to be registered is then sent on.
  if (isRegistered(user)) return <Navigate to={target} replace />;

  const done = () => void navigate(target, { replace: true });
  const selectTab = (key: string) => {
    const next = new URLSearchParams(searchParams);
    if (key === 'signup') next.set('tab', 'signup');
    else next.delete('tab');
    setSearchParams(next, { replace: true });
  };

  return (
    <Page>
      <PageHeader title={`Welcome to ${PRODUCT_NAME}`} description="Log in or create an account to keep your documents." />
      <div className={styles.authLayout}>
        <div className={styles.authCard}>
          {ssoError ? <Alert type="error" showIcon message="Single sign-on failed" description={ssoError} className={styles.ssoAlert} /> : null}
          <SsoButton callbackPath={target} />
          <Tabs
            activeKey={tab}
            onChange={selectTab}
            items={[
              { key: 'login', label: 'Log In', children: <LoginForm onLoggedIn={done} /> },
              {
                key: 'signup',
                label: 'Sign Up',
                children: (
                  <SignUpForm
                    onRegistered={() => {
                      toast.success('Account created!', "You're now logged in and can continue your work.");
                      done();
                    }}
                  />
                ),
              },
            ]}
          />
          <TermsNote />
        </div>
        <aside className={styles.authPanel} aria-label="Why sign up">
          <h2>Everything you need to write better PRDs</h2>
          <AuthFeatures />
          <DemoAccountBox onLoggedIn={done} />
        </aside>
      </div>
    </Page>
  );
}
