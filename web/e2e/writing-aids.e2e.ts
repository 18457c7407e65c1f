import { expect, test, type Locator, type Page } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { caretAfter, newUser, shareByApi } from './co-editing-helpers';
import { PHONE, unique, WIDE } from './helpers';

// The rich-text editor's writing aids (issue 31), as a person uses them on the document page.
test.use({ viewport: WIDE });
test.describe.configure({ timeout: 180_000 });

/** Opens a document and waits until its editor is editable (the editor's chunk, the socket and the first sync). */
async function openEditor(page: Page, content: string): Promise<{ editor: Locator; documentId: number }> {
  const document = await createDocumentByApi(page, unique('Writing aids '), content);
  await page.goto(`/documents/${document.id}`);
  const editor = page.getByRole('textbox', { name: 'Document', exact: true });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  return { editor, documentId: document.id };
}

/** The stored markdown, which the server derives from the live document within seconds of a change. */
async function storedMarkdown(page: Page, documentId: number): Promise<string> {
  const response = await page.request.get(`/api/documents/${documentId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { content: string }).content;
}

/**
 * Selects the whole line of the paragraph holding `text`, as a person does with the keyboard, and waits until the editor has
 * it (its formatting menu shows), as a person sees the highlight before acting on it. The browser reports a selection change
 * to the editor in a task of its own, which a key pressed at once can overtake on a busy machine: the editor then acted on
 * the caret (a link inserted after the line, 1 run in 30 under load).
 */
async function selectLine(editor: Locator, text: string): Promise<void> {
  await editor.getByText(text, { exact: true }).click();
  await editor.press('End');
  await editor.press('Shift+Home');
  await expect(editor.page().getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
}

test('a selection is made bold from the formatting menu', async ({ page }) => {
  const { editor, documentId } = await openEditor(page, '# Plan\n\nShip the beta in May.\n');
  await selectLine(editor, 'Ship the beta in May.');
  const menu = page.getByRole('toolbar', { name: 'Formatting' });
  await menu.getByRole('button', { name: 'Bold' }).click();
  await expect(editor.locator('strong')).toHaveText('Ship the beta in May.');
  await expect(menu.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => storedMarkdown(page, documentId), { timeout: 15_000 }).toBe('# Plan\n\n**Ship the beta in May.**\n');
});

test('the formatting menu, focused from the text, hides when the focus moves on to the page (it floated over the drawer)', async ({ page }) => {
  const { editor } = await openEditor(page, '# Plan\n\nShip the beta in May.\n');
  await selectLine(editor, 'Ship the beta in May.');
  const menu = page.getByRole('toolbar', { name: 'Formatting' });
  await editor.press('Alt+F10');
  await expect(menu.getByRole('button', { name: 'Bold' })).toBeFocused();
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('"/" then Table inserts a table with a header row', async ({ page }) => {
  const { editor, documentId } = await openEditor(page, '# Plan\n\nMetrics below.\n');
  await caretAfter(editor, 'Metrics below.');
  await editor.press('Enter');
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.type('/tab');
  const menu = page.getByRole('listbox', { name: 'Insert block' });
  await expect(menu.getByRole('option', { name: 'Table', selected: true })).toBeVisible();
  // The menu scrolls its own list to the chosen block, never the page away from the caret.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  const table = editor.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('columnheader')).toHaveCount(3);
  await page.keyboard.type('Metric');
  await expect(table.getByRole('columnheader').first()).toHaveText('Metric');
  await expect.poll(() => storedMarkdown(page, documentId), { timeout: 15_000 }).toContain('| Metric |');
});

test('Ctrl+K links the selection; a javascript: address is refused', async ({ page }) => {
  const { editor } = await openEditor(page, '# Plan\n\nSee the pricing page.\n');
  await selectLine(editor, 'See the pricing page.');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  const address = dialog.getByRole('textbox', { name: 'Link address' });
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Links must start with http://, https:// or mailto:');
  await address.fill('https://example.com/pricing');
  await address.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(editor.getByRole('link', { name: 'See the pricing page.' })).toHaveAttribute('href', 'https://example.com/pricing');
});

test('the table controls leave the chat beside the document uncovered and add a row below the caret', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  const { editor } = await openEditor(page, '# Plan\n\n| Metric | Target |\n| --- | --- |\n| Conversion | 3% |\n');
  const chat = page.getByRole('region', { name: 'AI chat' });
  await expect(chat).toBeVisible();
  const table = editor.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByText('Conversion', { exact: true }).click();
  const controls = page.getByRole('toolbar', { name: 'Table' });
  await expect(controls).toBeVisible();
  // In words its buttons made a row wider than the column: it covered the chat.
  const [menu, beside] = [await controls.boundingBox(), await chat.boundingBox()];
  expect(menu!.x + menu!.width).toBeLessThanOrEqual(beside!.x);
  await controls.getByRole('button', { name: 'Add row below' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('HTML pasted from Google Docs becomes clean structure, not all bold', async ({ page }) => {
  const { editor, documentId } = await openEditor(page, '# Plan\n\nIntro.\n');
  await caretAfter(editor, 'Intro.');
  await editor.press('Enter');
  const html =
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-6f3a9c1e-7fff-8d2b-41c0-0a4b5e6f7d8c">' +
    '<h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;font-weight:400;white-space:pre-wrap;">Risks</span></h2>' +
    '<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;white-space:pre-wrap;">Payment provider </span><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:700;white-space:pre-wrap;">outage</span></p>' +
    '<ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;white-space:pre-wrap;">Fallback to cards</span></p></li></ul></b>';
  await editor.evaluate((element, data) => {
    const clipboard = new DataTransfer();
    clipboard.setData('text/html', data);
    clipboard.setData('text/plain', 'Risks\nPayment provider outage\nFallback to cards');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, html);
  await expect(editor.getByRole('heading', { level: 2, name: 'Risks' })).toBeVisible();
  await expect(editor.locator('strong')).toHaveText(['outage']);
  await expect(editor.getByRole('listitem')).toHaveText(['Fallback to cards']);
  await expect.poll(() => storedMarkdown(page, documentId), { timeout: 15_000 }).toBe('# Plan\n\nIntro.\n\n## Risks\n\nPayment provider **outage**\n\n- Fallback to cards\n');
});

test("the toolbar's Outline jumps to a heading and puts the caret there, with the mouse or the keyboard", async ({ page }) => {
  const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the plan.`).join('\n\n');
  const { editor } = await openEditor(page, `# Plan\n\n${filler}\n\n## Goals\n\n${filler}\n\n## Risks\n\nNone yet.\n`);
  const button = page.getByRole('button', { name: 'Outline' });
  await button.click();
  const outline = page.getByRole('menu', { name: 'Outline' });
  await expect(outline.getByRole('menuitem')).toHaveText(['Plan', 'Goals', 'Risks']);
  const risks = editor.getByRole('heading', { level: 2, name: 'Risks' });
  await expect(risks).not.toBeInViewport();
  await outline.getByRole('menuitem', { name: 'Risks' }).click();
  await expect(outline).toBeHidden();
  await expect(risks).toBeInViewport();
  await page.keyboard.type('Open ');
  await expect(editor.getByRole('heading', { level: 2, name: 'Open Risks' })).toBeVisible();

  // From the keyboard: the button opens the menu on its first heading, the arrows choose, Enter jumps. (The mouse is moved
  // off the menu's place first: an item under the pointer is the menu's active one.)
  const goals = editor.getByRole('heading', { level: 2, name: 'Goals' });
  await expect(goals).not.toBeInViewport();
  await page.mouse.move(0, 0);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(outline.getByRole('menuitem', { name: 'Plan' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(outline.getByRole('menuitem', { name: 'Goals' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(goals).toBeInViewport();
  await page.keyboard.type('Our ');
  await expect(editor.getByRole('heading', { level: 2, name: 'Our Goals' })).toBeVisible();
});

test('the Markdown view shows the source, and an edit there appears in the editor', async ({ page }) => {
  const { editor } = await openEditor(page, '# Plan\n\nShip the beta in May.\n');
  const toggle = page.getByRole('button', { name: 'Markdown' });
  await toggle.click();
  const source = page.getByRole('textbox', { name: 'Markdown source' });
  await expect(source).toHaveValue('# Plan\n\nShip the beta in May.\n');
  await source.press('Control+End');
  await page.keyboard.type('\n## Risks\n\nNone yet.\n');
  // Applied once typing pauses; back in the editor, it is there.
  await source.blur();
  await toggle.click();
  await expect(editor.getByRole('heading', { level: 2, name: 'Risks' })).toBeVisible();
  await expect(editor.getByText('None yet.', { exact: true })).toBeVisible();
});

test('a commenter suggests rather than edits, and a selection offers them Comment and Ask AI', async ({ browser }) => {
  const owner = await newUser(browser);
  const commenter = await newUser(browser);
  const document = await createDocumentByApi(owner.page, unique('Writing aids '), '# Plan\n\nShip the beta in May.\n');
  await shareByApi(owner.page, document.id, commenter.username, 'commenter');
  const { page } = commenter;
  await page.goto(`/documents/${document.id}`);
  const editor = page.getByRole('textbox', { name: 'Document', exact: true });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  // Their typing becomes suggestions, never the document's text (suggesting-mode.e2e.ts): Editing is not theirs to choose.
  const mode = page.getByRole('radiogroup', { name: 'Editing or suggesting' });
  await expect(mode.getByRole('radio', { name: 'Suggesting' })).toBeChecked();
  await expect(mode.getByRole('radio', { name: 'Editing' })).toBeDisabled();
  // A drag over the words, as one selects text to comment on.
  const box = (await editor.getByText('Ship the beta in May.', { exact: true }).boundingBox())!;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const menu = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(menu.getByRole('button', { name: 'Comment' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Ask AI' })).toBeVisible();
});

test("on a phone the selection's and the table's menus fit the screen and Ask AI's choices stay on it: the page never scrolls sideways", async ({ page }) => {
  const { editor } = await openEditor(page, '# Plan\n\nShip the beta in May.\n\nShort.\n');
  await page.setViewportSize(PHONE);
  await selectLine(editor, 'Short.');
  const menu = page.getByRole('toolbar', { name: 'Formatting' });
  await menu.getByRole('button', { name: 'Ask AI' }).click();
  const choices = menu.getByRole('group', { name: 'Ask AI' });
  await expect(choices).toBeVisible();
  for (const shown of [menu, choices]) {
    const box = (await shown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => [window.scrollX, document.scrollingElement!.scrollWidth <= window.innerWidth])).toEqual([0, true]);

  // The table's controls too: anchored at the table's left edge, they are moved in rather than run off the screen.
  await page.keyboard.press('Escape');
  await editor.press('Control+End');
  await editor.press('Enter');
  await editor.pressSequentially('/table');
  await editor.press('Enter');
  const table = page.getByRole('toolbar', { name: 'Table' });
  await expect(table).toBeVisible();
  const box = (await table.boundingBox())!;
  expect([box.x >= 0, box.x + box.width <= PHONE.width]).toEqual([true, true]);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
});
