import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages.js';
import { GUEST_PREFIX, PASSWORD_MIN, USERNAME_MIN } from './constants.js';

export { AUTH_MESSAGES };

const TEXT_MAX = 200;

/** `POST /api/login`: the username may be a username or an email. */
export const loginSchema = z.object({
  username: z.string({ error: AUTH_MESSAGES.loginRequired }).trim().min(1, AUTH_MESSAGES.loginRequired).max(TEXT_MAX, 'Username or email is too long'),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(1024, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginSchema>;

const optionalName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(TEXT_MAX, `${label} is too long`)
    .nullish();

/**
 * `POST /api/register`, both variants of docs/product.md §7: the sign-up form sends `name`; the settings form
 * sends `firstName` and `id`, the guest's own id.
 */
export const registerSchema = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.usernameMin })
    .trim()
    .min(USERNAME_MIN, AUTH_MESSAGES.usernameMin)
    .max(50, 'Username must be at most 50 characters')
    .refine((v) => !v.toLowerCase().startsWith(GUEST_PREFIX), `Username cannot start with ${GUEST_PREFIX}`)
    .refine((v) => !v.includes('@'), 'Username cannot contain @'),
  email: z.string({ error: AUTH_MESSAGES.invalidEmail }).trim().max(TEXT_MAX, AUTH_MESSAGES.invalidEmail).pipe(z.email(AUTH_MESSAGES.invalidEmail)),
  name: optionalName('Name'),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  password: z.string({ error: AUTH_MESSAGES.passwordMin }).min(PASSWORD_MIN, AUTH_MESSAGES.passwordMin).max(1024, 'Password is too long'),
  id: z.number({ error: 'User id must be a number' }).int('User id must be a number').positive('User id must be a number').optional(),
});
export type RegisterRequest = z.infer<typeof registerSchema>;

/** `GET /api/demo-account`: the quick-login test account the auth screen shows (docs/decisions/0009-security.md). */
export const demoAccountSchema = z.object({ username: z.string(), password: z.string() });
export type DemoAccount = z.infer<typeof demoAccountSchema>;

/** `GET /api/login/email` sends the visitor to the sign-up tab of the auth screen. */
export const SIGN_UP_PATH = '/auth?tab=signup';
