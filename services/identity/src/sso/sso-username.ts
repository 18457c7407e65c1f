import { GUEST_PREFIX, USERNAME_MIN } from '@prd/proto';

/** Leaves room for a `-<number>` suffix under registration's 50 characters. */
const BASE_MAX = 40;

/**
 * The username a user created by sign-on starts from (docs/decisions/0036-single-sign-on-openid-connect.md): the provider's
 * preferred_username, else the email's local part, kept to what sign-up accepts (no `@`, not a guest's prefix, 3 to 50
 * characters). The caller makes it unique with a suffix.
 */
export function baseUsername(preferredUsername: string | null, email: string | null): string {
  const source = preferredUsername ?? email?.split('@')[0] ?? '';
  let name = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, BASE_MAX);
  if (name.startsWith(GUEST_PREFIX)) name = `user-${name.slice(GUEST_PREFIX.length)}`;
  if (name.length >= USERNAME_MIN) return name;
  return name === '' ? 'user' : `user-${name}`;
}

/** The candidates tried in order: the base, then the base with -2, -3, … */
export function* usernameCandidates(base: string, tries: number): Generator<string> {
  yield base;
  for (let n = 2; n <= tries; n += 1) yield `${base}-${n}`;
}
