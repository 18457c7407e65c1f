import { expect, test, type Page } from './fixtures';
import type { DocumentDto, Revision } from '@prd/proto';
import { createDocumentByApi } from './chat-helpers';
import { caretAfter, editorText, newUser, openLiveEditor, shareByApi } from './co-editing-helpers';
import { unique } from './helpers';
import { holdControl, useSlowProvider } from './slow-provider-helpers';

// Two browser contexts, sign-ups, a held AI reply and two live stores: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 300_000 });

const CONTENT = '# Launch plan\n\nWe ship the beta in May.\n\n## Goals\n\nFifty teams.\n';

const storedDocument = async (page: Page, id: number): Promise<DocumentDto> => (await (await page.request.get(`/api/documents/${id}`)).json()) as DocumentDto;
const revisionsOf = async (page: Page, id: number): Promise<Revision[]> => (await (await page.request.get(`/api/documents/${id}/revisions`)).json()) as Revision[];

test('A types while B’s AI edit is in flight: the AI’s section lands and A’s text stays, once each, on both screens and in History with both authors', async ({ browser }) => {
  const a = await newUser(browser);
  const b = await newUser(browser);
  await useSlowProvider(b.page);
  const doc = await createDocumentByApi(a.page, unique('Held plan '), CONTENT);
  await shareByApi(a.page, doc.id, b.username, 'editor');
  const onA = await openLiveEditor(a.page, doc.id);
  const onB = await openLiveEditor(b.page, doc.id);

  // B asks for an edit; the provider has read the document (its summary streams) and holds the edit until released.
  const hold = unique('hold-');
  const input = b.page.getByRole('textbox', { name: 'Ask the AI to change this document' });
  await input.fill(`Add streaming notes [hold:${hold}]`);
  await input.press('Enter');
  await expect(b.page.getByTestId('streaming-reply')).toContainText('Adding a Streaming notes section');

  // Meanwhile A types, and the live document stores it: the text the AI read no longer is the document.
  await caretAfter(onA.editor, 'We ship the beta in May.');
  await a.page.keyboard.type(' Alpha typed this while the AI wrote.');
  await expect.poll(async () => (await storedDocument(a.page, doc.id)).content).toContain('Alpha typed this while the AI wrote.');

  await holdControl(a.page, 'release', hold);
  await expect(b.page.getByRole('log', { name: 'Document chat' })).toContainText("I've updated your document with the suggested changes.");

  // Both screens and the stored markdown hold A's sentence and the AI's section, once each.
  for (const side of [onA, onB]) await expect(side.editor.getByRole('heading', { level: 2, name: 'Streaming notes', exact: true })).toBeVisible();
  await expect.poll(async () => (await editorText(onB.editor)) === (await editorText(onA.editor))).toBe(true);
  const shown = await editorText(onA.editor);
  expect(shown.split('We ship the beta in May. Alpha typed this while the AI wrote.')).toHaveLength(2);
  expect(shown.split('\nStreaming notes\n')).toHaveLength(2);
  const markdown = (await storedDocument(a.page, doc.id)).content;
  expect(markdown.split('We ship the beta in May. Alpha typed this while the AI wrote.')).toHaveLength(2);
  expect(markdown.split('## Streaming notes')).toHaveLength(2);

  // A goes on typing after the AI's edit: History then keeps A's version from before the AI edit, and the AI's, each with its author.
  await caretAfter(onA.editor, 'Fifty teams.');
  await a.page.keyboard.type(' Then a hundred.');
  await expect.poll(async () => (await revisionsOf(a.page, doc.id)).some((r) => r.author?.kind === 'ai')).toBe(true);
  const revisions = await revisionsOf(a.page, doc.id);
  const beforeAi = revisions.find((r) => r.source === 'ai');
  expect(beforeAi?.content).toContain('Alpha typed this while the AI wrote.');
  expect(beforeAi?.author?.users.map((u) => u.username)).toEqual([a.username]);
  const aiVersion = revisions.find((r) => r.author?.kind === 'ai');
  expect(aiVersion?.content).toContain('## Streaming notes');
  expect(aiVersion?.author?.users.map((u) => u.username)).toEqual([b.username]);

  await onA.region.getByRole('button', { name: 'History' }).click();
  const list = a.page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Revisions' });
  await expect(list.getByRole('button').filter({ hasText: 'Before AI edit' })).toContainText(`by ${a.username}`);
  await expect(list).toContainText(`by AI, asked by ${b.username}`);
});
