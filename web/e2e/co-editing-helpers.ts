import { expect, type Browser, type Locator, type Page } from './fixtures';
import type { Role } from '@prd/proto';
import { pageOrigin } from './chat-helpers';
import { signUp, WIDE } from './helpers';

/** A newly registered user in a browser context of their own (their own cookies). */
export async function newUser(browser: Browser): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  const { username } = await signUp(page);
  return { page, username };
}

export async function shareByApi(owner: Page, documentId: number, login: string, role: Exclude<Role, 'owner'>): Promise<void> {
  const response = await owner.request.post(`/api/documents/${documentId}/shares`, { data: { login, role }, headers: pageOrigin });
  expect(response.status(), await response.text()).toBe(201);
}

/** The document page's main column: title, count, save status, actions and the editor. */
export const documentRegion = (page: Page): Locator => page.getByRole('region', { name: 'Document', exact: true });

/** Opens a document and waits until the editor shows its live document (it shows once synced). */
export async function openLiveEditor(page: Page, documentId: number): Promise<{ region: Locator; editor: Locator }> {
  await page.goto(`/documents/${documentId}`);
  const region = documentRegion(page);
  const editor = region.getByRole('textbox', { name: 'Document', exact: true });
  // The editor's chunk, the socket and the first sync: seconds, and more on the shared 2-core machine under load.
  await expect(editor).toBeVisible({ timeout: 45_000 });
  return { region, editor };
}

/**
 * The editor's text blocks (paragraphs, headings, list items, cells, code) one a line: the document's own text, without the
 * others' caret labels and the suggestions shown beside it.
 */
export function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((content) => {
    const copy = content.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.collaboration-carets__caret, .tracked-change').forEach((widget) => widget.remove());
    return Array.from(copy.querySelectorAll('p, h1, h2, h3, h4, h5, h6, pre'))
      .map((block) => block.textContent ?? '')
      .join('\n');
  });
}

/**
 * Puts the caret at the end of the editor's text block that contains `text`, and waits until the editor has taken it.
 * End moves the browser's caret; ProseMirror reads it on the next `selectionchange`, and Chromium, busy, runs the next
 * key first: Enter then split the paragraph where the click had put the caret.
 */
export async function caretAfter(editor: Locator, text: string): Promise<void> {
  await editor.locator('p, h1, h2, h3, h4, h5, h6', { hasText: text }).first().click();
  await editor.page().keyboard.press('End');
  await expect.poll(() => editorCaretAtBlockEnd(editor)).toBe(true);
}

/** Whether the editor's own selection (TipTap keeps its editor on the editable element) is a caret at the end of its block. */
function editorCaretAtBlockEnd(editor: Locator): Promise<boolean> {
  return editor.evaluate((element) => {
    type Selection = { empty: boolean; $head: { parentOffset: number; parent: { content: { size: number } } } };
    const selection = (element as unknown as { editor?: { state: { selection: Selection } } }).editor?.state.selection;
    return !!selection && selection.empty && selection.$head.parentOffset === selection.$head.parent.content.size;
  });
}

/** The markdown the server stores for the document (it stores the live document by itself, within seconds). */
export async function storedMarkdown(page: Page, documentId: number): Promise<string> {
  const response = await page.request.get(`/api/documents/${documentId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string }).content;
}
