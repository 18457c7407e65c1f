import { expect, test, type Page } from './fixtures';
import { SSO_MESSAGES } from '@prd/proto/sso-messages';
import { signUp, WIDE } from './helpers';

// docs/decisions/0036-single-sign-on-openid-connect.md: the provider vouches for an email that a password account here already
// has, so /auth/link asks for that account's password once. The test stack's provider (infra/test/oidc-provider.ts) signs in
// any login at example.test with that verified email, so each test links the account it has just signed up.
test.use({ viewport: WIDE });

const me = async (page: Page) => (await (await page.request.get('/api/current-user')).json()) as { isAuthenticated: boolean; username?: string | null };

/** A signed-out browser that has a password account, sent by the provider to /auth/link to link it. */
async function arriveAtLinkPage(page: Page): Promise<{ username: string; email: string; password: string }> {
  const account = await signUp(page);
  await page.context().clearCookies();
  await page.goto('/auth?callbackUrl=%2Fdocuments');
  await page.getByRole('link', { name: 'Continue with Test SSO' }).click();
  await page.locator('input[name="login"]').fill(account.email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/auth\/link$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Link your account' })).toBeVisible();
  await expect(page.getByText(`An account with the email ${account.email} already exists.`)).toBeVisible();
  return account;
}

test('links single sign-on to the existing account once its password is given, signs it in and goes where the sign-in started', async ({ page }) => {
  const account = await arriveAtLinkPage(page);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Link and continue' }).click();

  await expect(page).toHaveURL(/\/documents$/);
  expect(await me(page)).toMatchObject({ isAuthenticated: true, username: account.username });

  // Linked: the next sign-on goes straight in, without the password.
  await page.context().clearCookies();
  await page.goto('/auth?callbackUrl=%2Fdocuments');
  await page.getByRole('link', { name: 'Continue with Test SSO' }).click();
  await page.locator('input[name="login"]').fill(account.email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/documents$/, { timeout: 30_000 });
  expect(await me(page)).toMatchObject({ isAuthenticated: true, username: account.username });
});

test('refuses a wrong password with its message, links nothing and signs nobody in', async ({ page }) => {
  await arriveAtLinkPage(page);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Link and continue' }).click();

  await expect(page.getByRole('alert').filter({ hasText: SSO_MESSAGES.wrongPassword })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/link$/);
  expect(await me(page)).toMatchObject({ isAuthenticated: false });
});
