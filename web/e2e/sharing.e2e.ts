import { expect, test, type Browser, type Page } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { caretAfter, documentRegion, storedMarkdown } from './co-editing-helpers';
import { chooseOption, openedDialog, PHONE, signUp, unique, WIDE } from './helpers';

// Three browser contexts and several round trips: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

async function newUser(browser: Browser, viewport = WIDE): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const { username } = await signUp(page);
  return { page, username };
}

test('A shares a document with B as editor, B edits it, A makes B a viewer, and A’s link, shown once, opens read-only for anyone until replaced or revoked', async ({
  browser,
}) => {
  const a = await newUser(browser);
  const b = await newUser(browser);
  const title = unique('Shared checkout ');
  const doc = await createDocumentByApi(a.page, title, '# Checkout\n\nShoppers abandon carts at the payment step.\n');

  // A invites B as editor from the editor's Share dialog.
  await a.page.goto(`/documents/${doc.id}`);
  await a.page.getByRole('button', { name: 'Share' }).click();
  const dialog = await openedDialog(a.page, 'Share');
  await dialog.getByLabel('Username or email').fill(b.username);
  await chooseOption(dialog.getByRole('combobox', { name: 'Role' }), 'Editor');
  await dialog.getByRole('button', { name: 'Invite' }).click();
  const people = dialog.getByRole('list', { name: 'People with access' });
  await expect(people).toContainText(b.username);

  // B's open tab hears of it live (the bell's count comes over /ws-general), and the bell opens it.
  await expect(b.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await b.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const notifications = b.page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications).toContainText(`${a.username} shared “${title}” with you`);
  // Escape closes it, the focus back on the bell; so does a press elsewhere on the page.
  await b.page.keyboard.press('Escape');
  await expect(notifications).toBeHidden();
  await expect(b.page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeFocused();
  await b.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(notifications).toBeVisible();
  await b.page.getByRole('heading', { level: 1 }).click();
  await expect(notifications).toBeHidden();

  // B finds it under Shared with me, with A as owner, and edits it.
  await b.page.goto('/documents?view=shared');
  const shared = b.page.getByRole('table', { name: 'documents shared with me' });
  const row = shared.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(a.username);
  await expect(row).toContainText('Editor');
  await row.getByRole('link', { name: title }).click();
  const preview = documentRegion(b.page);
  const text = preview.getByRole('textbox', { name: 'Document', exact: true });
  await caretAfter(text, 'Shoppers abandon carts at the payment step.');
  await b.page.keyboard.type('\n## Goals\nHalve abandonment.');
  await expect(preview.getByTestId('save-status')).toHaveText('Saved');
  await expect.poll(() => storedMarkdown(b.page, doc.id), { timeout: 30_000 }).toContain('## Goals\n\nHalve abandonment.');

  // A sees B's text, then downgrades B to viewer; B can no longer edit.
  await a.page.reload();
  // The text shows once the live document has synced: seconds on the loaded shared machine.
  await expect(documentRegion(a.page).getByRole('heading', { name: 'Goals' })).toBeVisible({ timeout: 45_000 });
  await a.page.getByRole('button', { name: 'Share' }).click();
  await chooseOption(dialog.getByRole('combobox', { name: `Role of ${b.username}` }), 'Viewer');
  await expect(dialog.getByRole('combobox', { name: `Role of ${b.username}` })).toBeVisible();
  await expect.poll(async () => (await b.page.request.get(`/api/documents/${doc.id}`).then((r) => r.json())).role).toBe('viewer');
  await b.page.reload();
  await expect(preview.getByRole('heading', { name: 'Goals' })).toBeVisible({ timeout: 45_000 });
  await expect(preview.getByText('Viewer', { exact: true })).toBeVisible();
  await expect(text).toHaveAttribute('contenteditable', 'false');
  const refused = await b.page.request.patch(`/api/documents/${doc.id}`, { data: { content: 'sneaky' }, headers: { Origin: new URL(b.page.url()).origin } });
  expect(refused.status()).toBe(403);

  // A turns the link on; a third visitor with no session reads it at 390 px.
  await dialog.getByRole('switch', { name: 'Anyone with the link can view' }).click();
  const url = await dialog.getByLabel('Share link').inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText(`Shared by ${a.username}`)).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Goals' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Made with PRD Studio' })).toHaveAttribute('href', '/');
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect((await visitor.context().cookies()).filter((c) => c.name === 'prd.sid')).toEqual([]);

  // Only the token's hash is kept: reopened, the dialog says the link is on but cannot show it again; a new
  // link replaces it, and the old address stops working.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await a.page.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByRole('switch', { name: 'Anyone with the link can view' })).toBeChecked();
  await expect(dialog.getByLabel('Share link')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Make a new link' }).click();
  const renewed = await dialog.getByLabel('Share link').inputValue();
  expect(renewed).not.toBe(url);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Link not available' })).toBeVisible();
  await visitor.goto(renewed);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Revoked: the same URL answers 404 at once.
  await dialog.getByRole('switch', { name: 'Anyone with the link can view' }).click();
  await expect(dialog.getByLabel('Share link')).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Link not available' })).toBeVisible();
  const token = renewed.split('/share/')[1] ?? '';
  expect((await visitor.request.get(`/api/share/${token}`)).status()).toBe(404);
});
