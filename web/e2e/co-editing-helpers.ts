import { expect, type Browser, type Locator, type Page } from '@playwright/test';
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

/** Opens a document in the live editor and waits until it has synced (the source editor shows once it has). */
export async function openLiveEditor(page: Page, documentId: number): Promise<{ preview: Locator; editor: Locator }> {
  await page.goto(`/documents/${documentId}`);
  const preview = page.getByRole('region', { name: 'Document preview' });
  await preview.getByRole('button', { name: 'Edit' }).click();
  const editor = preview.getByRole('textbox', { name: 'Document markdown' });
  // The editor's chunk, the socket and the first sync: seconds on a busy machine.
  await expect(editor).toBeVisible({ timeout: 20_000 });
  return { preview, editor };
}

/** The editor's text as its lines show it, without the name labels of other people's cursors (widgets). */
export function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((content) =>
    Array.from(content.querySelectorAll(':scope > .cm-line'))
      .map((line) => {
        const copy = line.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[contenteditable="false"], .cm-widgetBuffer, .cm-ySelectionCaret').forEach((widget) => widget.remove());
        return copy.textContent ?? '';
      })
      .join('\n'),
  );
}

/** Puts the caret at the end of the editor line that contains `text`. */
export async function caretAfter(editor: Locator, text: string): Promise<void> {
  await editor.locator('.cm-line', { hasText: text }).first().click();
  await editor.press('End');
}
