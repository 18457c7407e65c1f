import { expect, test, type Locator } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { caretAfter, documentRegion, editorText, newUser, openLiveEditor, shareByApi, storedMarkdown } from './co-editing-helpers';
import { PHONE, signUp, unique, WIDE } from './helpers';

// Two browser contexts and sign-ups: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 300_000 });

const CONTENT = ['# Plan', '', 'Alpha words here.', '', 'Beta words here.', '', '| Item | Owner |', '| --- | --- |', '| Launch | Ana |', ''].join('\n');

test('two people format, make a list and edit the same table cell at once, and converge: both see it, the server stores it', async ({ browser }) => {
  const a = await newUser(browser);
  const b = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Formatted plan '), CONTENT);
  await shareByApi(a.page, doc.id, b.username, 'editor');
  const onA = await openLiveEditor(a.page, doc.id);
  const onB = await openLiveEditor(b.page, doc.id);

  // A makes a word bold while B turns a new line into a list by typing markdown ("- " starts a bullet list).
  await onA.editor.getByText('Alpha words here.').dblclick({ position: { x: 5, y: 5 } });
  await caretAfter(onB.editor, 'Beta words here.');
  await Promise.all([a.page.keyboard.press('Control+b'), b.page.keyboard.type('\n- first item\nsecond item')]);
  for (const side of [onA, onB]) {
    await expect(side.editor.locator('strong', { hasText: 'Alpha' })).toBeVisible();
    await expect(side.editor.getByRole('listitem')).toHaveCount(2);
    await expect.poll(() => editorText(side.editor)).toContain('Beta words here.\nfirst item\nsecond item\n');
  }

  // Both type into the one table cell at the same time; how the two runs merge is Yjs's choice, the same on both sides.
  await caretAfter(onA.editor, 'Launch');
  await caretAfter(onB.editor, 'Launch');
  await Promise.all([a.page.keyboard.type(' by A'), b.page.keyboard.type(' by B')]);
  // The cell's text without the other person's caret (a widget with their name) that may stand in it.
  const cellOf = (editor: Locator) =>
    editor
      .getByRole('cell')
      .filter({ hasText: 'Launch' })
      .evaluate((cell) => {
        const copy = cell.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.collaboration-carets__caret').forEach((caret) => caret.remove());
        return copy.textContent;
      });
  const merged = 'Launch by A by B';
  await expect.poll(async () => [await cellOf(onA.editor), await cellOf(onB.editor)].map((text) => text.length)).toEqual([merged.length, merged.length]);
  const cell = await cellOf(onA.editor);
  expect(await cellOf(onB.editor)).toBe(cell);
  expect([...cell].sort().join('')).toBe([...merged].sort().join(''));
  await expect.poll(async () => (await editorText(onA.editor)) === (await editorText(onB.editor))).toBe(true);

  // One stored markdown holds all of it, the edited blocks in the house style, the untouched ones as written. A table
  // cell's markdown cannot end in a space: when the merged runs end with one, the cell is stored without it.
  const escaped = cell.trimEnd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect
    .poll(() => storedMarkdown(a.page, doc.id), { timeout: 30_000 })
    .toMatch(
      new RegExp(
        `^# Plan\n\n\\*\\*Alpha\\*\\* words here\\.\n\nBeta words here\\.\n\n- first item\n- second item\n\n\\| Item +\\| Owner +\\|\n\\| -+ \\| -+ \\|\n\\| ${escaped} +\\| Ana +\\|\n$`,
      ),
    );
  expect(await storedMarkdown(b.page, doc.id)).toBe(await storedMarkdown(a.page, doc.id));
});

test('a viewer cannot change anything: typing changes nothing and no formatting tools appear', async ({ browser }) => {
  const a = await newUser(browser);
  const v = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Read-only plan '), CONTENT);
  await shareByApi(a.page, doc.id, v.username, 'viewer');
  const { region, editor } = await openLiveEditor(v.page, doc.id);
  const before = await editorText(editor);

  await editor.getByText('Beta words here.').click();
  await v.page.keyboard.type('Sneaky words');
  await v.page.keyboard.press('Enter');
  await v.page.keyboard.press('Backspace');
  await editor.getByText('Alpha words here.').click({ clickCount: 3 });
  await v.page.keyboard.press('Control+b');
  expect(await editorText(editor)).toBe(before);
  await expect(editor.locator('strong')).toHaveCount(0);
  await expect(v.page.getByRole('toolbar')).toHaveCount(0);
  await expect(region.getByRole('textbox', { name: 'Document title' })).toHaveCount(0);
  await expect(v.page.getByRole('complementary', { name: 'AI chat' })).toContainText('You can view this document.');
  expect(await storedMarkdown(a.page, doc.id)).toBe(CONTENT);
});

test('on a 390 px phone the document comes first, its tools one row, and the chat is a tab beside it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  await signUp(page);
  await page.setViewportSize(PHONE);
  const doc = await createDocumentByApi(page, unique('Phone plan '), CONTENT);
  const { editor } = await openLiveEditor(page, doc.id);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Document', 'AI chat']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  // The document fills the width, no wider than the screen; the chat waits behind its tab.
  const box = (await editor.boundingBox())!;
  expect(box.width).toBeGreaterThan(280);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // The document's tools are one row that scrolls sideways, not four rows above the text.
  const tools = ['Markdown', 'History', 'Export', 'Share'].map((name) => documentRegion(page).getByRole('button', { name, exact: true }));
  const rows = new Set(await Promise.all(tools.map(async (tool) => Math.round((await tool.boundingBox())!.y))));
  expect(rows.size).toBe(1);
  await expect(page.getByRole('textbox', { name: 'Ask the AI to change this document' })).toBeHidden();
  await page.getByRole('tab', { name: 'AI chat' }).click();
  await expect(page.getByRole('textbox', { name: 'Ask the AI to change this document' })).toBeVisible();
  await expect(documentRegion(page)).toBeHidden();
  await context.close();
});
