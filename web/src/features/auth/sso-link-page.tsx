import type { SsoLinkRequest } from '@prd/proto';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useConfirmSsoLinkMutation, useGetSsoPendingLinkQuery } from '../../shared/api/identity-api';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { Page } from '../../shared/ui/page';
import { PageHeader } from '../../shared/ui/page-header';
import { PageLoading } from '../../shared/ui/page-loading';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { safeCallbackPath } from './safe-callback-path';
import styles from './auth.module.css';

/**
 * /auth/link (docs/decisions/0036-single-sign-on-openid-connect.md): the provider vouched for an email that an account here
 * already has; its password, asked once, links the two, and the user is signed in.
 */
export function SsoLinkPage() {
  usePageTitle('Link your account');
  const { data: pending, isLoading } = useGetSsoPendingLinkQuery();
  const [confirm, { isLoading: confirming, error }] = useConfirmSsoLinkMutation();
  const navigate = useNavigate();

  if (isLoading) return <PageLoading text="Loading…" />;
  if (!pending) {
    return (
      <Page>
        <PageHeader title="Link your account" />
        <Alert type="warning" showIcon message="There is no sign-in waiting to be linked. It may have expired: please start again." />
        <p>
          <Link to="/auth">Back to log in</Link>
        </p>
      </Page>
    );
  }

  const submit = async (values: SsoLinkRequest) => {
    try {
      await confirm(values).unwrap();
      void navigate(safeCallbackPath(pending.callbackUrl) ?? '/', { replace: true });
    } catch {
      // Shown below the form.
    }
  };

  return (
    <Page>
      <PageHeader title="Link your account" description={`Sign in with ${pending.provider} from now on.`} />
      <div className={styles.authCard}>
        <p>
          An account with the email <strong>{pending.email}</strong> already exists. Enter its password once to link it to {pending.provider}.
        </p>
        <Form<SsoLinkRequest> name="sso-link" layout="vertical" onFinish={(values) => void submit(values)} disabled={confirming} requiredMark={false}>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {error ? <Alert type="error" showIcon message={errorMessage(error)} className={styles.ssoAlert} /> : null}
          <Button type="primary" htmlType="submit" block loading={confirming}>
            Link and continue
          </Button>
        </Form>
      </div>
    </Page>
  );
}
