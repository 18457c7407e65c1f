import { expect, test, type Page } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { caretAfter, documentRegion, editorText, newUser, openLiveEditor, shareByApi, storedMarkdown } from './co-editing-helpers';
import { unique } from './helpers';

// Two browser contexts, sign-ups and an AI reply: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 300_000 });

const CONTENT = '# Launch plan\n\nWe ship the beta in May.\n\n## Goals\n\nFifty teams.\n';
/** CONTENT as the editor shows it: its blocks' text. */
const SHOWN = 'Launch plan\nWe ship the beta in May.\nGoals\nFifty teams.';

test('A and B edit one document live: both texts on both screens, each in the other’s presence list, and B’s AI edit appears in A’s editor', async ({ browser }) => {
  const a = await newUser(browser);
  const b = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Co-edited plan '), CONTENT);
  await shareByApi(a.page, doc.id, b.username, 'editor');

  const onA = await openLiveEditor(a.page, doc.id);
  const onB = await openLiveEditor(b.page, doc.id);
  expect(await editorText(onA.editor)).toBe(SHOWN);
  expect(await editorText(onB.editor)).toBe(SHOWN);

  // Presence: each sees the other by name (and themselves marked as such).
  await expect(onA.region.getByRole('list', { name: 'People in this document' })).toContainText(b.username);
  await expect(onA.region.getByRole('list', { name: 'People in this document' })).toContainText(`${a.username} (you)`);
  await expect(onB.region.getByRole('list', { name: 'People in this document' })).toContainText(a.username);

  // Both type into the same paragraph at the same time.
  await caretAfter(onA.editor, 'We ship the beta in May.');
  await caretAfter(onB.editor, 'We ship the beta in May.');
  await Promise.all([a.page.keyboard.type(' Alpha adds pricing.'), b.page.keyboard.type(' Beta adds support.')]);
  for (const side of [onA, onB]) {
    await expect.poll(() => editorText(side.editor)).toMatch(/We ship the beta in May\.( Alpha adds pricing\. Beta adds support\.| Beta adds support\. Alpha adds pricing\.)\n/);
  }
  const merged = await editorText(onA.editor);
  expect(await editorText(onB.editor)).toBe(merged);
  // The server stores the one merged paragraph.
  await expect.poll(() => storedMarkdown(a.page, doc.id), { timeout: 30_000 }).toContain(`${merged.split('\n')[1]}\n`);

  // B asks the AI for an edit; it reaches A's open editor and preview without a reload.
  const input = b.page.getByRole('textbox', { name: 'Ask the AI to change this document' });
  await input.fill('add a section called Risks');
  await input.press('Enter');
  await expect(b.page.getByRole('log', { name: 'Document chat' })).toContainText("I've updated your document with the suggested changes.");
  await expect(onA.editor.getByRole('heading', { level: 2, name: 'Risks', exact: true })).toBeVisible();
  // Nobody's typing was lost to the AI's edit, nor applied twice.
  await expect.poll(async () => (await editorText(onB.editor)) === (await editorText(onA.editor))).toBe(true);
  const final = await editorText(onA.editor);
  expect(final.split('Alpha adds pricing.')).toHaveLength(2);
  expect(final.split('Beta adds support.')).toHaveLength(2);
  expect(final.split('\nRisks\n')).toHaveLength(2);
  await expect.poll(() => storedMarkdown(a.page, doc.id), { timeout: 30_000 }).toMatch(/\n## Risks\n/);
});

test('a viewer follows the live text read-only, and a revoked viewer is told the document is no longer shared', async ({ browser }) => {
  const a = await newUser(browser);
  const b = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Viewed plan '), CONTENT);
  await shareByApi(a.page, doc.id, b.username, 'viewer');

  const onA = await openLiveEditor(a.page, doc.id);
  const { editor: editorB } = await openLiveEditor(b.page, doc.id);
  await expect(editorB).toHaveAttribute('contenteditable', 'false');
  await expect(editorB).toHaveAttribute('aria-readonly', 'true');
  await expect(documentRegion(b.page).getByRole('status').filter({ hasText: /Sav/ })).toHaveCount(0);

  await caretAfter(onA.editor, 'Fifty teams.');
  await a.page.keyboard.type(' Then a hundred.');
  await expect.poll(() => editorText(editorB)).toContain('Fifty teams. Then a hundred.');

  const revoked = await a.page.request.delete(`/api/documents/${doc.id}/shares/${await userIdOf(b.page)}`, { headers: { Origin: new URL(a.page.url()).origin } });
  expect(revoked.status()).toBe(204);
  await expect(b.page.getByText('This document is no longer shared with you')).toBeVisible();
});

async function userIdOf(page: Page): Promise<number> {
  const me = (await (await page.request.get('/api/current-user')).json()) as { id: number };
  return me.id;
}
