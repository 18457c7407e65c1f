import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import type { Suggestion } from '@prd/proto';
import { createDocumentByApi, pageOrigin } from './chat-helpers';
import { caretAfter, editorText, openLiveEditor, shareByApi, storedMarkdown } from './co-editing-helpers';
import { openedDialog, unique, WIDE } from './helpers';

// Three browser contexts and several round trips: two minutes were measured on the loaded shared 2-core machine.
test.describe.configure({ timeout: 480_000 });

const TEXT = '# Checkout\n\nShoppers abandon carts at the payment step.\n\n## Goals\n\nFewer drop-offs at checkout.\n';

/**
 * A registered user in a browser context of their own, signed up over the API: three password hashes through the form took more
 * than the form's 5 s on the loaded shared machine, and signing up is not what this file tests.
 */
async function newUser(browser: Browser): Promise<{ page: Page; username: string }> {
  const page = await (await browser.newContext({ viewport: WIDE })).newPage();
  const username = unique('user');
  const response = await page.request.post('/api/register', { data: { username, email: `${username}@example.test`, password: 'secret-pass-1' }, headers: pageOrigin });
  expect(response.status(), await response.text()).toBe(201);
  return { page, username };
}

const modeSwitch = (page: Page): Locator => page.getByRole('radiogroup', { name: 'Editing or suggesting' });
const suggestingBar = (page: Page): Locator => page.getByRole('region', { name: 'Suggesting' });

async function suggestions(page: Page, documentId: number): Promise<Suggestion[]> {
  const response = await page.request.get(`/api/documents/${documentId}/suggestions`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { suggestions: Suggestion[] }).suggestions;
}

/** The owner rejects over the API. */
async function reject(page: Page, documentId: number, suggestionId: number): Promise<void> {
  const response = await page.request.post(`/api/documents/${documentId}/suggestions/${suggestionId}/reject`, { headers: pageOrigin });
  expect(response.status(), await response.text()).toBe(200);
}

test("a commenter's typing in suggesting mode becomes a suggestion, never the owner's text, and the owner rejects it", async ({ browser }) => {
  const owner = await newUser(browser);
  const commenter = await newUser(browser);
  const doc = await createDocumentByApi(owner.page, unique('Suggested checkout '), TEXT);
  await shareByApi(owner.page, doc.id, commenter.username, 'commenter');
  const onOwner = await openLiveEditor(owner.page, doc.id);
  const onCommenter = await openLiveEditor(commenter.page, doc.id);

  // Commenters only suggest: Editing is there, disabled; their editor takes typing, into suggestions.
  await expect(modeSwitch(commenter.page).getByRole('radio', { name: 'Suggesting' })).toBeChecked();
  await expect(modeSwitch(commenter.page).getByRole('radio', { name: 'Editing' })).toBeDisabled();
  await expect(suggestingBar(commenter.page).getByRole('status')).toHaveText('Suggesting: 0 changes');
  await expect(commenter.page.getByRole('complementary', { name: 'AI chat' })).toContainText('You can comment on this document and suggest changes to it');
  await caretAfter(onCommenter.editor, 'at the payment step.');
  await commenter.page.keyboard.type(' Mostly on mobile.');
  await expect(onCommenter.editor).toContainText('at the payment step. Mostly on mobile.');
  // Marked as the insertion it will be suggested as, before it is sent.
  await expect(onCommenter.editor.locator('.draft-insertion')).toHaveText(' Mostly on mobile.');
  await expect(suggestingBar(commenter.page).getByRole('status')).toHaveText('Suggesting: 1 change');
  await suggestingBar(commenter.page).getByRole('button', { name: 'Suggest changes' }).click();
  await expect(suggestingBar(commenter.page).getByRole('status')).toHaveText('Suggesting: 0 changes');
  // Sent: the commenter's editor is the live document again.
  await expect.poll(() => editorText(onCommenter.editor)).not.toContain('Mostly on mobile.');
  // …where it shows as the commenter's tracked change.
  await expect(onCommenter.editor.getByRole('group', { name: `Suggestion by ${commenter.username}`, exact: true })).toBeVisible();

  const [suggestion] = await suggestions(owner.page, doc.id);
  expect(suggestion).toMatchObject({
    status: 'pending',
    author: { kind: 'user', name: commenter.username },
    quote: { exact: 'Shoppers abandon carts at the payment step.\n' },
    replacement: 'Shoppers abandon carts at the payment step. Mostly on mobile.\n',
  });
  // The owner's open page and the stored text never had it.
  expect(await editorText(onOwner.editor)).not.toContain('Mostly on mobile.');
  expect(await storedMarkdown(owner.page, doc.id)).toBe(TEXT);

  // The owner sees it live as a tracked change by the commenter, and rejects it there.
  const change = onOwner.editor.getByRole('group', { name: `Suggestion by ${commenter.username}`, exact: true });
  await expect(change.getByRole('insertion')).toContainText('Mostly on mobile.');
  await change.getByRole('button', { name: 'Reject' }).click();
  await expect(change).toHaveCount(0);
  expect((await suggestions(owner.page, doc.id)).map((s) => [s.id, s.status])).toEqual([[suggestion!.id, 'rejected']]);
  expect(await storedMarkdown(owner.page, doc.id)).toBe(TEXT);
});

test('an editor suggests while another editor types elsewhere: only the suggester’s change becomes a suggestion, the other’s lands in the document', async ({ browser }) => {
  const owner = await newUser(browser);
  const suggester = await newUser(browser);
  const typist = await newUser(browser);
  const doc = await createDocumentByApi(owner.page, unique('Co-edited checkout '), TEXT);
  await shareByApi(owner.page, doc.id, suggester.username, 'editor');
  await shareByApi(owner.page, doc.id, typist.username, 'editor');
  const onSuggester = await openLiveEditor(suggester.page, doc.id);
  const onTypist = await openLiveEditor(typist.page, doc.id);

  await expect(modeSwitch(suggester.page).getByRole('radio', { name: 'Editing' })).toBeChecked();
  await modeSwitch(suggester.page).getByText('Suggesting', { exact: true }).click();
  await expect(suggestingBar(suggester.page).getByRole('status')).toHaveText('Suggesting: 0 changes');
  // Both type at once, in two paragraphs.
  await caretAfter(onSuggester.editor, 'at the payment step.');
  await caretAfter(onTypist.editor, 'Fewer drop-offs at checkout.');
  await Promise.all([suggester.page.keyboard.type(' Mostly on mobile.'), typist.page.keyboard.type(' By half.')]);

  // The suggester sees the typist's words as they land, and counts only their own change.
  await expect(onSuggester.editor).toContainText('Fewer drop-offs at checkout. By half.');
  // And the typist's caret, as in Editing mode; not one of their own beside their caret.
  await expect(onSuggester.editor.locator('.collaboration-carets__label', { hasText: typist.username })).toBeVisible();
  await expect(onSuggester.editor.locator('.collaboration-carets__label', { hasText: suggester.username })).toHaveCount(0);
  await expect(onSuggester.editor).toContainText('at the payment step. Mostly on mobile.');
  await expect(suggestingBar(suggester.page).getByRole('status')).toHaveText('Suggesting: 1 change');
  await suggestingBar(suggester.page).getByRole('button', { name: 'Suggest changes' }).click();
  await expect(suggestingBar(suggester.page).getByRole('status')).toHaveText('Suggesting: 0 changes');

  const withTyping = TEXT.replace('at checkout.', 'at checkout. By half.');
  await expect.poll(() => storedMarkdown(owner.page, doc.id), { timeout: 30_000 }).toBe(withTyping);
  const [suggestion] = await suggestions(owner.page, doc.id);
  expect(suggestion).toMatchObject({
    status: 'pending',
    author: { kind: 'user', name: suggester.username },
    replacement: 'Shoppers abandon carts at the payment step. Mostly on mobile.\n',
  });
  // Both editors show the document with the typist's words and without the suggester's.
  for (const editor of [onSuggester.editor, onTypist.editor]) {
    await expect(editor).toContainText('Fewer drop-offs at checkout. By half.');
    await expect.poll(() => editorText(editor)).not.toContain('Mostly on mobile.');
  }

  // Back to Editing with changes not sent: asked to suggest or discard them; discarded, they are gone.
  await caretAfter(onSuggester.editor, 'By half.');
  await suggester.page.keyboard.type(' Maybe.');
  await expect(suggestingBar(suggester.page).getByRole('status')).toHaveText('Suggesting: 1 change');
  await modeSwitch(suggester.page).getByText('Editing', { exact: true }).click();
  const ask = await openedDialog(suggester.page, 'Suggest your changes first?');
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(ask).toBeHidden();
  await expect(modeSwitch(suggester.page).getByRole('radio', { name: 'Editing' })).toBeChecked();
  await expect(suggestingBar(suggester.page)).toBeHidden();
  await expect.poll(() => editorText(onSuggester.editor)).not.toContain('Maybe.');

  await reject(owner.page, doc.id, suggestion!.id);
  expect((await suggestions(owner.page, doc.id)).map((s) => [s.id, s.status])).toEqual([[suggestion!.id, 'rejected']]);
  expect(await storedMarkdown(owner.page, doc.id)).toBe(withTyping);
});
