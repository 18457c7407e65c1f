import { Button } from 'antd';
import { useGetDemoAccountQuery, useLoginMutation } from '../../shared/api/identity-api';
import { useToast } from '../../shared/toast/toast';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import styles from './auth.module.css';

/** The test account of docs/product.md §2 (docs/decisions/0009-security.md: on only where the server enables it), with a one-click log-in. */
export function DemoAccountBox({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { data: demo } = useGetDemoAccountQuery();
  const [login, { isLoading }] = useLoginMutation();
  const toast = useToast();
  if (!demo) return null;

  const quickLogin = async () => {
    try {
      await login(demo).unwrap();
      onLoggedIn();
    } catch (error) {
      toast.error('Login failed', errorMessage(error));
    }
  };

  return (
    <section className={styles.demoAccount} aria-labelledby="demo-account-title">
      <h3 id="demo-account-title">Test account</h3>
      <dl>
        <dt>Username</dt>
        <dd>{demo.username}</dd>
        <dt>Password</dt>
        <dd>{demo.password}</dd>
      </dl>
      <Button onClick={() => void quickLogin()} loading={isLoading}>
        Quick Login
      </Button>
    </section>
  );
}
