import { expect, test } from './fixtures';
import { chooseMenuItem, createDocumentFromDialog, openedDialog, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });

test('a new visitor becomes a guest by creating a document, finds it by searching and deletes it', async ({ page }) => {
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  await expect(page.getByText('Ready to unlock more features?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log out' })).toHaveCount(0);

  const title = unique('Checkout redesign ');
  await page.getByRole('button', { name: 'Create your first document' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Document' });
  await expect(dialog.getByRole('button', { name: 'Create Document' })).toBeDisabled();
  await createDocumentFromDialog(page, title, { firstForVisitor: true });

  // Now a guest: the account links and the usage line show it.
  await expect(page.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/api/logout');
  await expect(page.getByTestId('usage-line')).toHaveText('Docs: 1/3 | Msgs: 0/20');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell', { name: 'less than a minute ago' })).toBeVisible();
  await expect(page.getByText('Showing 1 - 1 of 1 results')).toBeVisible();

  const search = page.getByRole('textbox', { name: 'Search documents' });
  await search.fill(title.slice(0, 12).toUpperCase());
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await search.fill('no document is called this');
  await expect(page.getByRole('cell', { name: 'No results.' })).toBeVisible();
  await search.fill('');

  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await chooseMenuItem(page, 'Delete');
  const confirm = await openedDialog(page, 'Delete document?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The document has been successfully deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
});
