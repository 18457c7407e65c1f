import { expect, test, type Page } from './fixtures';
import { SSO_ERRORS } from '@prd/proto/sso-messages';
import { WIDE } from './helpers';

// docs/decisions/0036-single-sign-on-openid-connect.md: the test stack's identity signs in through an in-process oidc-provider
// (infra/test/oidc-provider.ts, started by infra/test/run-tests.ts), whose development page takes any password.
test.use({ viewport: WIDE });

const me = async (page: Page) => (await (await page.request.get('/api/current-user')).json()) as { isAuthenticated: boolean; email?: string | null };

test('signs in with single sign-on through the provider’s own sign-in page and comes back to where it started', async ({ page }) => {
  await page.goto('/auth?callbackUrl=%2Fdocuments');
  await page.getByRole('link', { name: 'Continue with Test SSO' }).click();

  // The provider's page, on its own origin.
  await page.locator('input[name="login"]').fill('erin');
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/documents$/, { timeout: 30_000 });
  expect(await me(page)).toMatchObject({ isAuthenticated: true, email: 'erin@example.com' });
});

test('a sign-in that cannot be verified lands on the auth screen with its message', async ({ page }) => {
  // A callback no attempt of this browser started: what a replayed or forged answer looks like.
  await page.goto('/api/auth/oidc/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/auth\?sso_error=expired$/);
  await expect(page.getByText(SSO_ERRORS.expired)).toBeVisible();
  expect(await me(page)).toMatchObject({ isAuthenticated: false });
});
