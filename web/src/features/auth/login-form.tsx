import type { LoginRequest } from '@prd/proto';
import { Button, Form, Input } from 'antd';
import { useLoginMutation } from '../../shared/api/identity-api';
import { useToast } from '../../shared/toast/toast';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { loginRules } from './account-field-rules';

/** Log in with a username or an email (docs/product.md §3, §5). */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [login, { isLoading }] = useLoginMutation();
  const toast = useToast();

  const submit = async (values: LoginRequest) => {
    try {
      await login(values).unwrap();
      onLoggedIn();
    } catch (error) {
      toast.error('Login failed', errorMessage(error));
    }
  };

  return (
    <Form<LoginRequest> name="login" layout="vertical" onFinish={(values) => void submit(values)} disabled={isLoading} requiredMark={false}>
      <Form.Item label="Username or email" name="username" rules={loginRules.username} required>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={loginRules.password} required>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {isLoading ? 'Logging in...' : 'Log In'}
      </Button>
    </Form>
  );
}
