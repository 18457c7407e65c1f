import type { CurrentUser } from '@prd/proto';
import { AUTH_MESSAGES } from '@prd/proto/auth-messages';
import { Button, Form, Input } from 'antd';
import { emailRules, passwordRules, usernameRules } from './account-field-rules';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useRegisterMutation } from '../../shared/api/identity-api';
import { useToast } from '../../shared/toast/toast';
import styles from './auth.module.css';

interface SignUpValues {
  username: string;
  email: string;
  name?: string;
  password: string;
  confirmPassword: string;
}

/**
 * The sign-up form of docs/product.md §2 with the docs/product.md §5 messages: Username, Email, Name (optional),
 * Password and Confirm Password; confirmPassword stays in the form and is never sent.
 */
export function SignUpForm({
  onRegistered,
  onCancel,
  formName = 'sign-up',
}: {
  onRegistered: (user: CurrentUser) => void;
  onCancel?: () => void;
  /** Prefixes the fields' ids, which must be unique on the page (the auth screen's log-in form has a username too). */
  formName?: string;
}) {
  const [register, { isLoading }] = useRegisterMutation();
  const toast = useToast();

  const submit = async ({ username, email, name, password }: SignUpValues) => {
    try {
      const user = await register({ username, email, name: name?.trim() || undefined, password }).unwrap();
      onRegistered(user);
    } catch (error) {
      toast.error('Registration failed', errorMessage(error));
    }
  };

  return (
    <Form<SignUpValues> name={formName} layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional" disabled={isLoading}>
      <Form.Item label="Username" name="username" rules={usernameRules} required>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={emailRules} required>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Name" name="name">
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={passwordRules} required>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirmPassword"
        dependencies={['password']}
        required
        rules={[
          { required: true, message: AUTH_MESSAGES.confirmRequired },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(AUTH_MESSAGES.passwordsMismatch)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <div className={styles.formActions}>
        {onCancel && (
          <Button onClick={onCancel} disabled={false}>
            Cancel
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {isLoading ? 'Creating Account...' : 'Create Account'}
        </Button>
      </div>
    </Form>
  );
}
