/**
 * docs/product.md §5 texts of the log-in and sign-up forms, shared by the server and the client. Zod-free, so
 * the web client can import it without bundling zod (auth.ts builds its schemas from these texts).
 */
export const AUTH_MESSAGES = {
  loginRequired: 'Username or email is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 6 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists',
} as const;
