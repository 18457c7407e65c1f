import { expect, test } from './fixtures';
import { createDocumentFromDialog, openedDialog, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
// Whole user journeys through several pages: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

test('a guest registers from Settings and keeps the document, logs out, logs in with email, and Quick Login works', async ({ page }) => {
  const title = unique('Kept document ');
  await createDocumentFromDialog(page, title, { firstForVisitor: true });

  await page.getByRole('button', { name: 'View profile' }).click();
  const settings = await openedDialog(page, 'Settings');
  await expect(settings.getByText('Configure your account and application preferences')).toBeVisible();
  await expect(settings.getByText('Sign up required')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Reset guest account' })).toBeVisible();

  const username = unique('guest2user');
  const email = `${username}@example.test`;
  const register = settings.getByRole('region', { name: 'Register for an account' });
  await expect(register.getByRole('button', { name: 'Register' })).toBeDisabled();
  await register.getByLabel('Username').fill(username);
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password').fill('secret-pass-1');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Delete account' })).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Save API Key' })).toBeDisabled();
  await settings.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByText('Ready to unlock more features?')).toHaveCount(0);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByText('Ready to unlock more features?')).toBeVisible();

  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Log In' });
  await login.getByLabel('Username or email').fill(email);
  await login.getByLabel('Password').fill('secret-pass-1');
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText(username)).toBeVisible();
  await page.goto('/documents');
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await page.getByRole('link', { name: 'Log out' }).click();
  await page.goto('/auth');
  await expect(page.getByText('Test account')).toBeVisible();
  await page.getByRole('button', { name: 'Quick Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText('Demo User', { exact: true })).toBeVisible();
});
