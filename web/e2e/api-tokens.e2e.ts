import { expect, test } from './fixtures';
import { chooseOption, openedDialog, signUp, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 180_000 });

/** docs/decisions/0015-programmatic-access.md: Settings → API tokens. */
test('a user creates an API token in Settings, sees its secret once, uses it, and revokes it', async ({ page, request }) => {
  const account = await signUp(page);
  await page.getByRole('button', { name: 'View profile' }).click();
  const settings = await openedDialog(page, 'Settings');
  const section = settings.getByRole('region', { name: 'API tokens' });

  const snippet = section.getByLabel('MCP client configuration');
  await expect(snippet).toContainText(`"url": "${new URL(page.url()).origin}/mcp"`);
  await expect(snippet).toContainText('Bearer <your prd_ token>');

  const name = unique('Cursor ');
  await section.getByLabel('Token name').fill(name);
  await chooseOption(section.getByRole('combobox', { name: 'Scope' }), 'Read and write');
  await expect(section.getByTitle('Read and write')).toBeVisible();
  await section.getByRole('button', { name: 'Create token' }).click();
  const secretBox = section.getByLabel('Copy it now: it will not be shown again.');
  await expect(secretBox).toHaveValue(/^prd_[A-Za-z0-9_-]{43}$/);
  const secret = await secretBox.inputValue();

  // The token works, without the browser's cookie.
  const me = await request.get('/api/current-user', { headers: { Authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ username: account.username });

  await section.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secretBox).toHaveCount(0);
  const list = section.getByRole('list', { name: 'Your API tokens' });
  const item = list.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('read-write');
  await expect(item).toContainText(secret.slice(0, 8));

  // Shown once: after closing and reopening Settings the secret is nowhere on the page.
  await settings.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'View profile' }).click();
  await expect(item).toContainText(/last used|never used/);
  expect(await page.content()).not.toContain(secret);

  await item.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  const after = await request.get('/api/current-user', { headers: { Authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
});
