import { expect, test, type Page } from './fixtures';
import { signUp, unique, WIDE } from './helpers';
import { documentRegion } from './co-editing-helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 180_000 });

interface DroppedFile {
  name: string;
  type: string;
  text: string;
}

/** Drags files over the Documents page and drops them, as a file manager does: a DataTransfer holding Files. */
async function dropFiles(page: Page, files: DroppedFile[]): Promise<void> {
  const zone = page.getByTestId('import-drop-zone');
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name, { type: file.type }));
    return data;
  }, files);
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(page.getByText('Drop files to import them as documents')).toBeVisible();
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('Drop files to import them as documents')).toBeHidden();
}

test('files dropped on the Documents page become documents; a file type it cannot import is refused before upload', async ({ page }) => {
  await signUp(page);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();

  const roadmap = unique('roadmap-');
  const notes = unique('notes-');
  await dropFiles(page, [
    { name: `${roadmap}.md`, type: 'text/markdown', text: '# Roadmap\n\n- Q1: checkout\n' },
    { name: `${notes}.html`, type: 'text/html', text: '<h1>Notes</h1><p>Some <b>bold</b> words.</p><img src="local.png">' },
  ]);
  await expect(page.getByText('2 documents imported', { exact: true })).toBeVisible();
  await expect(page.getByText(`${notes}.html: 1 embedded image not imported`)).toBeVisible();
  await expect(page.getByRole('link', { name: roadmap })).toBeVisible();
  await expect(page.getByRole('link', { name: notes })).toBeVisible();

  await dropFiles(page, [{ name: 'budget.xlsx', type: 'application/octet-stream', text: 'x' }]);
  await expect(page.getByText('budget.xlsx: this type of file cannot be imported', { exact: false })).toBeVisible();
  await expect(page.getByText('Showing 1 - 2 of 2 results')).toBeVisible();

  await page.getByRole('link', { name: notes }).click();
  // The document page's chunk and the document: seconds on a busy machine.
  const preview = documentRegion(page);
  await expect(preview.getByText('bold', { exact: true })).toBeVisible({ timeout: 20_000 });
});

test("Import opens the one document it made, and a server's refusal is shown with its message", async ({ page }) => {
  await signUp(page);
  await page.goto('/documents');
  // The list has loaded, so the prerendered page is hydrated and the picker's handler attached.
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  const picker = page.getByLabel('Files to import');
  await picker.setInputFiles({ name: 'broken.md', mimeType: 'text/markdown', buffer: Buffer.from([0xff, 0xfe, 0x00]) });
  await expect(page.getByText('broken.md: not UTF-8 text')).toBeVisible();

  const title = unique('launch-');
  await picker.setInputFiles({ name: `${title}.md`, mimeType: 'text/markdown', buffer: Buffer.from('# Launch\n\nShip it on Monday.\n') });
  await expect(page.getByText('Document imported', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  await expect(documentRegion(page).getByText('Ship it on Monday.')).toBeVisible({ timeout: 20_000 });
});
