import type { FormRule } from 'antd';
import { AUTH_MESSAGES } from '@prd/proto/auth-messages';
import { PASSWORD_MIN, USERNAME_MIN } from '@prd/proto';

/** SPEC §5's sign-up rules, shared by the sign-up form and the settings registration. */
export const usernameRules: FormRule[] = [{ required: true, whitespace: true, min: USERNAME_MIN, message: AUTH_MESSAGES.usernameMin }];
export const emailRules: FormRule[] = [
  { required: true, message: AUTH_MESSAGES.invalidEmail },
  { type: 'email', message: AUTH_MESSAGES.invalidEmail },
];
export const passwordRules: FormRule[] = [{ required: true, min: PASSWORD_MIN, message: AUTH_MESSAGES.passwordMin }];
