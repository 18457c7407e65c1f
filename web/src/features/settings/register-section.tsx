import { Button, Form, Input } from 'antd';
import { emailRules, passwordRules, usernameRules } from '../auth/account-field-rules';
import { useRegisterMutation } from '../../shared/api/identity-api';
import { useToast } from '../../shared/toast/toast';
import type { SignedInUser } from '../../shared/user/use-current-user';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

interface RegisterValues {
  username?: string;
  email?: string;
  firstName?: string;
  password?: string;
}

/**
 * A guest's registration from the settings (docs/product.md §2, §3): username, email, first name and the
 * guest's own id, so the account is upgraded in place and keeps its work. Register stays disabled
 * until username, email and password are filled.
 */
export function RegisterSection({ user }: { user: SignedInUser }) {
  const [form] = Form.useForm<RegisterValues>();
  const values = Form.useWatch([], form) ?? {};
  const [register, { isLoading }] = useRegisterMutation();
  const toast = useToast();
  const filled = Boolean(values.username?.trim() && values.email?.trim() && values.password);

  const submit = async ({ username = '', email = '', firstName, password = '' }: RegisterValues) => {
    try {
      await register({ username, email, firstName: firstName?.trim() || undefined, password, id: user.id }).unwrap();
      toast.success('Account created!', "You're now logged in and can continue your work.");
    } catch (error) {
      toast.error('Registration failed', errorMessage(error));
    }
  };

  return (
    <SettingsSection title="Register for an account">
      <p className={styles.text}>Keep your documents and get unlimited documents and projects.</p>
      <Form form={form} name="settings-register" layout="vertical" onFinish={(values) => void submit(values)} disabled={isLoading} requiredMark="optional">
        <Form.Item label="Username" name="username" rules={usernameRules} required>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={emailRules} required>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="First name" name="firstName">
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={passwordRules} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!filled || isLoading} loading={isLoading}>
          Register
        </Button>
      </Form>
    </SettingsSection>
  );
}
