import { expect, test } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { caretAfter, documentRegion, openLiveEditor, storedMarkdown } from './co-editing-helpers';
import { unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 180_000 });

const CONTENT = '# Launch plan\n\n## Goals\nShip the beta to 50 teams in May.\n';

test('an AI edit changes the document, shows in History and is undone by Restore', async ({ page }) => {
  const document = await createDocumentByApi(page, unique('Launch plan '), CONTENT);
  const { region: preview } = await openLiveEditor(page, document.id);
  await expect(preview.getByRole('textbox', { name: 'Document title' })).toHaveValue(document.title);
  await expect(preview.getByTestId('character-count')).toHaveText(`${CONTENT.length} characters`);
  await expect(preview.getByRole('heading', { name: 'Risks', exact: true })).toHaveCount(0);

  const input = page.getByRole('textbox', { name: 'Ask the AI to change this document' });
  await input.fill('add a section called Risks');
  await input.press('Enter');
  await expect(preview.getByText('Updating...')).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Risks', exact: true })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Document chat' })).toContainText("I've updated your document with the suggested changes.");
  // The edit came through the live document; the badge goes about 2 s after the reply.
  await expect(preview.getByText('Updating...')).toBeHidden({ timeout: 10_000 });

  await preview.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'History' });
  const revisions = history.getByRole('list', { name: 'Revisions' }).getByRole('button');
  await expect(revisions).toHaveCount(1);
  await expect(revisions.first()).toContainText('Before AI edit');
  await expect(history.getByRole('table', { name: 'Side-by-side diff' })).toContainText('## Risks');
  await expect(history.getByText(/^0 lines removed, [1-9]\d* added since this revision\.$/)).toBeVisible();
  await history.getByText('Inline', { exact: true }).click();
  await expect(history.getByLabel('Inline diff')).toContainText('added: ## Risks');

  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Revision restored', { exact: true })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Risks', exact: true })).toHaveCount(0);
  await expect(preview.getByTestId('character-count')).toHaveText(`${CONTENT.length} characters`);
  // The restore is itself a change: the AI's text is now in History.
  await expect(revisions).toHaveCount(2);
});

test('the document is written in place and saved by itself, the status going Saving… to Saved, and the earlier text stays in History', async ({ page }) => {
  const document = await createDocumentByApi(page, unique('Pricing page '), CONTENT);
  const { region, editor } = await openLiveEditor(page, document.id);
  // No modes: the document is the editor.
  for (const name of ['Edit', 'Save', 'Done', 'Refresh']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  const status = region.getByTestId('save-status');
  await expect(status).toHaveText('Saved');
  // Every text the status shows from here on, in order (it may say Saving… for a moment only).
  await status.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, { childList: true, characterData: true, subtree: true });
  });

  await caretAfter(editor, 'Ship the beta to 50 teams in May.');
  // Markdown typed into the editor becomes structure: "## " a heading.
  await page.keyboard.type('\n## Pricing\nFree for teams of up to five.');
  await expect(editor.getByRole('heading', { level: 2, name: 'Pricing', exact: true })).toBeVisible();
  await expect(status).toHaveText('Saved');
  expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toEqual(expect.arrayContaining(['Saving…', 'Saved']));
  const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
  expect(statuses.indexOf('Saving…')).toBeLessThan(statuses.lastIndexOf('Saved'));

  // The server stores the markdown of the live document by itself, seconds after the typing stops.
  const expected = `${CONTENT}\n## Pricing\n\nFree for teams of up to five.\n`;
  await expect.poll(() => storedMarkdown(page, document.id), { timeout: 30_000 }).toBe(expected);
  await expect(region.getByTestId('character-count')).toHaveText(`${expected.length} characters`);

  await region.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Revisions' })).toContainText('Before your edit');
});

test('the title is renamed in place: Enter saves, Escape puts it back, and an empty title is refused with the reason', async ({ page }) => {
  const document = await createDocumentByApi(page, unique('Old name '), CONTENT);
  const { region } = await openLiveEditor(page, document.id);
  const title = region.getByRole('textbox', { name: 'Document title' });
  const renamed = unique('New name ');
  await title.fill(renamed);
  await title.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(renamed);
  await expect(page).toHaveTitle(new RegExp(renamed));

  await title.fill('Not this one');
  await title.press('Escape');
  await expect(title).toHaveValue(renamed);

  await title.fill('');
  await title.press('Enter');
  await expect(region.getByRole('alert')).toHaveText('Document title is required');
  await page.reload();
  await expect(documentRegion(page).getByRole('textbox', { name: 'Document title' })).toHaveValue(renamed);
});

test('on a 1024 px screen a long title wraps and shows whole, grows as it is typed, and the chat keeps its controls inside it', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const long = `Product requirements for the mobile onboarding revamp ${unique('')}`;
  const document = await createDocumentByApi(page, long, CONTENT);
  const { region } = await openLiveEditor(page, document.id);
  const title = region.getByRole('textbox', { name: 'Document title' });
  await expect(title).toHaveValue(long);
  const hidden = () => title.evaluate((field) => ({ across: field.scrollWidth - field.clientWidth, down: field.scrollHeight - field.clientHeight }));
  expect(await hidden()).toEqual({ across: 0, down: 0 });
  const lineHeight = await title.evaluate((field) => parseFloat(getComputedStyle(field).lineHeight));
  const before = (await title.boundingBox())!.height;
  expect(before).toBeGreaterThan(2 * lineHeight);

  // Typing more adds a line; a line break (Enter saves, a pasted one) never goes into the title.
  await title.press('Control+End');
  await title.pressSequentially(' for teams of every size across the world');
  await expect.poll(async () => (await title.boundingBox())!.height).toBeGreaterThan(before + lineHeight / 2);
  expect(await hidden()).toEqual({ across: 0, down: 0 });
  await title.press('Enter');
  await expect(title).toHaveValue(`${long} for teams of every size across the world`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('across the world');
  await title.fill('Pasted\nover two lines');
  await expect(title).toHaveValue('Pasted over two lines');
  await title.press('Escape');

  const chat = page.getByRole('region', { name: 'AI chat' });
  const realtime = chat.getByText('Realtime', { exact: true });
  const [chatBox, realtimeBox] = [(await chat.boundingBox())!, (await realtime.boundingBox())!];
  expect(realtimeBox.x + realtimeBox.width).toBeLessThanOrEqual(chatBox.x + chatBox.width);
});

test('a missing document shows Document not found with the way back', async ({ page }) => {
  // A guest (the first document makes the visitor one): a visitor without a session is asked to sign in instead.
  await createDocumentByApi(page, unique('Mine '), CONTENT);
  await page.goto('/documents/987654321');
  await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
});
