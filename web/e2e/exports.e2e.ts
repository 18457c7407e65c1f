import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { chooseMenuItem, signUp, unique, WIDE } from './helpers';
import { caretAfter, documentRegion, openLiveEditor } from './co-editing-helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 180_000 });

const CONTENT = '# Team calendars\n\n## Goals\nLet every team share one calendar.\n';

async function exportAs(page: Page, item: string) {
  await documentRegion(page).getByRole('button', { name: 'Export' }).click();
  await chooseMenuItem(page, item);
}

test('a registered user downloads the Word and Markdown exports under the names of docs/product.md §9, with the mouse or the keyboard', async ({ page }) => {
  await signUp(page);
  const suffix = unique('');
  const document = await createDocumentByApi(page, `Team Calendars ${suffix}`, CONTENT);
  await page.goto(`/documents/${document.id}`);
  await expect(documentRegion(page).getByRole('textbox', { name: 'Document title' })).toHaveValue(document.title, { timeout: 20_000 });

  const markdownDownload = page.waitForEvent('download');
  await exportAs(page, 'Download Markdown (.md)');
  const markdown = await markdownDownload;
  expect(markdown.suggestedFilename()).toBe(`team-calendars-${suffix}.md`);
  expect(await readFile(await markdown.path(), 'utf8')).toContain('Let every team share one calendar.');

  // With the keyboard alone (the pointer off the menu's place): the menu opens on its first item, the arrows choose, Enter downloads.
  const wordDownload = page.waitForEvent('download');
  await page.mouse.move(0, 0);
  await documentRegion(page).getByRole('button', { name: 'Export' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Download Markdown (.md)' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Download Word (.docx)' })).toBeFocused();
  await page.keyboard.press('Enter');
  const word = await wordDownload;
  expect(word.suggestedFilename()).toBe(`team-calendars-${suffix}.docx`);
  // A .docx is a zip archive: it starts with "PK".
  expect((await readFile(await word.path())).subarray(0, 2).toString('latin1')).toBe('PK');
});

test('a registered user downloads the PDF export on A4 or US Letter pages', async ({ page }) => {
  await signUp(page);
  const suffix = unique('');
  const document = await createDocumentByApi(page, `Team Calendars ${suffix}`, CONTENT);
  await page.goto(`/documents/${document.id}`);
  await expect(documentRegion(page).getByRole('textbox', { name: 'Document title' })).toHaveValue(document.title, { timeout: 20_000 });

  for (const [item, mediaBox] of [
    ['Download PDF, A4 (.pdf)', '/MediaBox [0 0 595.28 841.89]'],
    ['Download PDF, US Letter (.pdf)', '/MediaBox [0 0 612 792]'],
  ] as const) {
    const pdfDownload = page.waitForEvent('download');
    await exportAs(page, item);
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`team-calendars-${suffix}.pdf`);
    const file = await readFile(await pdf.path());
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The page size is written uncompressed in each page's dictionary.
    expect(file.toString('latin1')).toContain(mediaBox);
  }
});

test('Copy markdown puts the document on the clipboard with what was typed a moment before', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  const document = await createDocumentByApi(page, unique('Team Calendars '), CONTENT);
  const { editor } = await openLiveEditor(page, document.id);
  await caretAfter(editor, 'Let every team share one calendar.');
  await page.keyboard.type(' Weekly.');
  await expect(editor).toContainText('Let every team share one calendar. Weekly.');
  // The page's markdown follows the typing a moment later; the copy asks for it as it is now.
  await exportAs(page, 'Copy markdown');
  await expect(page.locator('.ant-notification-notice').getByText('Copied', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^# Team calendars\n\n## Goals\n+Let every team share one calendar\. Weekly\.\n?$/);
});

test('a guest who tries to export is told that registration is required', async ({ page }) => {
  const document = await createDocumentByApi(page, unique('Guest notes '), CONTENT);
  await page.goto(`/documents/${document.id}`);
  let downloads = 0;
  page.on('download', () => {
    downloads += 1;
  });
  // Each notice is closed before the next try: a repeated notice replaces the one showing (same key), and on a busy
  // machine the third once never showed, likely replacing one that was fading out.
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Registration required' });
  for (const item of ['Download Word (.docx)', 'Download Markdown (.md)', 'Download PDF, A4 (.pdf)']) {
    await exportAs(page, item);
    await expect(notice.getByText('Registration required', { exact: true })).toBeVisible();
    await expect(notice.getByText('Please register to download your document')).toBeVisible();
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
  }
  expect(downloads).toBe(0);
});
