import { expect, test, type Locator } from './fixtures';
import type { Revision } from '@prd/proto';
import { createDocumentByApi, pageOrigin } from './chat-helpers';
import { caretAfter, editorText, newUser, openLiveEditor, shareByApi } from './co-editing-helpers';
import { unique } from './helpers';

// Two browser contexts, sign-ups and an AI answer: more than the default 30 s on a busy 2-core machine (opening an editor took 36 s under load).
test.describe.configure({ timeout: 480_000 });

const CONTENT = '# Launch plan\n\nWe ship teh beta in May.\n\n## Goals\n\nFifty teams.\n';

/** A suggestion shown as a tracked change in the editor, by its author's label. */
const trackedChange = (editor: Locator, author: string): Locator => editor.getByRole('group', { name: `Suggestion by ${author}`, exact: true });

test('A asks AI to fix a passage, B sees the suggestion live and accepts it, A sees the accepted text and History names the AI, A and B', async ({ browser }) => {
  const a = await newUser(browser);
  const b = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Suggested plan '), CONTENT);
  await shareByApi(a.page, doc.id, b.username, 'editor');
  const onA = await openLiveEditor(a.page, doc.id);
  const onB = await openLiveEditor(b.page, doc.id);

  // A selects the sentence with the typo and asks the AI (the stack's offline assistant) to fix it.
  await caretAfter(onA.editor, 'We ship teh beta in May.');
  await a.page.keyboard.press('Shift+Home');
  const menu = a.page.getByRole('toolbar', { name: 'Formatting' });
  const closed = (await menu.boundingBox())!;
  await menu.getByRole('button', { name: 'Ask AI' }).click();
  // Its choices drop down below the menu, which keeps its one row.
  const choices = menu.getByRole('group', { name: 'Ask AI' });
  await expect(choices).toBeVisible();
  const [open, dropDown] = [(await menu.boundingBox())!, (await choices.boundingBox())!];
  expect(open).toEqual(closed);
  expect(dropDown.y).toBeGreaterThanOrEqual(open.y + open.height);
  await choices.getByRole('button', { name: 'Fix spelling and grammar' }).click();

  // Both see it as a tracked change: the passage struck through, the fix beside it; the text itself is unchanged.
  const author = `AI · asked by ${a.username}`;
  for (const side of [onA, onB]) {
    const change = trackedChange(side.editor, author);
    await expect(change.getByRole('insertion')).toHaveText('We ship the beta in May.');
    await expect(side.editor.locator('.tracked-deletion')).toHaveText('We ship teh beta in May.');
  }
  await expect(onB.region.getByRole('button', { name: /Review changes/ })).toContainText('1');

  // B, an editor, accepts it in the text.
  await trackedChange(onB.editor, author).getByRole('button', { name: 'Accept' }).click();
  for (const side of [onA, onB]) {
    await expect.poll(() => editorText(side.editor)).toContain('We ship the beta in May.\n');
    await expect(trackedChange(side.editor, author)).toHaveCount(0);
  }
  expect(await editorText(onA.editor)).not.toContain('teh');

  // The next change keeps the accepted text in History: written by the AI for A, accepted by B.
  await caretAfter(onA.editor, 'Fifty teams.');
  await a.page.keyboard.type(' Then a hundred.');
  await expect
    .poll(async () => ((await (await a.page.request.get(`/api/documents/${doc.id}/revisions`)).json()) as Revision[]).some((r) => r.author?.acceptedBy), { timeout: 30_000 })
    .toBe(true);
  await onA.region.getByRole('button', { name: 'History' }).click();
  const list = a.page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Revisions' });
  await expect(list).toContainText(`by AI, asked by ${a.username}, accepted by ${b.username}`);
});

test('an MCP suggest_edit through an API token appears live as a tracked change in an open editor, and Reject removes it', async ({ browser, request }) => {
  const a = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Agent plan '), CONTENT);
  const tokenName = unique('agent ');
  const created = await a.page.request.post('/api/tokens', { data: { name: tokenName, scope: 'read-write' }, headers: pageOrigin });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const onA = await openLiveEditor(a.page, doc.id);

  // A coding agent proposes a change over MCP, with the token (not the browser's session).
  const call = await request.post('/mcp', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json, text/event-stream' },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'suggest_edit', arguments: { documentId: doc.id, quote: { exact: 'Fifty teams.' }, replacement: 'Fifty teams by June.', note: 'A date makes it a goal' } },
    },
  });
  expect(call.status()).toBe(200);
  expect(await call.text()).not.toContain('"isError":true');

  const change = trackedChange(onA.editor, tokenName);
  await expect(change.getByRole('insertion')).toHaveText('Fifty teams by June.');
  await expect(onA.editor.locator('.tracked-deletion')).toHaveText('Fifty teams.');

  await change.getByRole('button', { name: 'Reject' }).click();
  await expect(change).toHaveCount(0);
  await expect(onA.editor.locator('.tracked-deletion')).toHaveCount(0);
  expect(await editorText(onA.editor)).toContain('\nFifty teams.');
  const listed = await a.page.request.get(`/api/documents/${doc.id}/suggestions`);
  expect(((await listed.json()) as { suggestions: { status: string }[] }).suggestions.map((s) => s.status)).toEqual(['rejected']);
});

test('Ask AI on a sentence with bold text in it, selected with a triple click: the fix is suggested over the whole sentence and accepted with the bold kept', async ({
  browser,
}) => {
  const a = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Formatted plan '), '# Launch plan\n\nWe ship teh **beta** in May.\n\n## Goals\n\nFifty teams.\n');
  const onA = await openLiveEditor(a.page, doc.id);
  await onA.editor.getByText('We ship teh').click({ clickCount: 3 });
  const menu = a.page.getByRole('toolbar', { name: 'Formatting' });
  await menu.getByRole('button', { name: 'Ask AI' }).click();
  await menu.getByRole('group', { name: 'Ask AI' }).getByRole('button', { name: 'Fix spelling and grammar' }).click();

  const change = trackedChange(onA.editor, `AI · asked by ${a.username}`);
  await expect(change.getByRole('insertion')).toHaveText('We ship the beta in May.');
  await expect(change.getByRole('insertion').locator('strong')).toHaveText('beta');
  await expect.poll(async () => (await onA.editor.locator('.tracked-deletion').allTextContents()).join('')).toBe('We ship teh beta in May.');
  await change.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => editorText(onA.editor)).toContain('We ship the beta in May.\n');
  await expect(onA.editor.locator('strong')).toHaveText('beta');
  await expect
    .poll(async () => ((await (await a.page.request.get(`/api/documents/${doc.id}`)).json()) as { content: string }).content, { timeout: 15_000 })
    .toContain('We ship the **beta** in May.');
});
