import { expect, test } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { documentRegion } from './co-editing-helpers';
import { unique, WIDE } from './helpers';

test.use({ viewport: WIDE });

const CONTENT = '# Launch plan\n\nShip the beta to 50 teams in May.\n\n## Goals\n\n- Onboard the first teams\n- Measure retention\n';

test('before the live document has synced the stored text shows read-only, and the editor opens in its place, editable, once it has', async ({ page }) => {
  const document = await createDocumentByApi(page, unique('Open '), CONTENT);
  // The live document's first sync is held back until the stored text has been checked.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.routeWebSocket(/\/ws-collab/, (browserSide) => {
    const server = browserSide.connectToServer();
    browserSide.onMessage((message) => server.send(message));
    server.onMessage(async (message) => {
      await released;
      browserSide.send(message);
    });
  });

  await page.goto(`/documents/${document.id}`);
  const region = documentRegion(page);
  const stored = region.getByRole('article', { name: 'Document text' });
  const editor = region.getByRole('textbox', { name: 'Document', exact: true });
  // The app and the document's fetch: seconds on the shared 2-core machine under load.
  await expect(stored.getByRole('heading', { name: 'Goals' })).toBeVisible({ timeout: 45_000 });
  await expect(stored.getByRole('listitem')).toHaveText(['Onboard the first teams', 'Measure retention']);
  await expect(editor).toHaveCount(0);
  const before = await stored.getByRole('heading', { name: 'Goals' }).boundingBox();

  release();
  await expect(editor).toHaveAttribute('contenteditable', 'true', { timeout: 45_000 });
  await expect(stored).toHaveCount(0);
  // Nothing moved: the heading is where the stored text had it.
  const after = await editor.getByRole('heading', { name: 'Goals' }).boundingBox();
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(4);
  await expect(region.getByTestId('character-count')).toHaveText(`${CONTENT.length} characters`);
});

test('opened at its address, the page connects once to the live document and loads the chat beside it only once the editor is editable', async ({ page }) => {
  const created = await createDocumentByApi(page, unique('Open '), CONTENT);
  const liveSockets: string[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/ws-collab')) liveSockets.push(socket.url());
  });
  // When the editor first became editable, on the page's own clock (resource timings use the same one).
  await page.addInitScript(() => {
    const seen = () => document.querySelector('[role="textbox"][aria-label="Document"][contenteditable="true"]') !== null;
    new MutationObserver((_changes, observer) => {
      if (!seen()) return;
      (window as unknown as { editableAt: number }).editableAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['contenteditable'] });
  });

  await page.goto(`/documents/${created.id}`);
  const editor = documentRegion(page).getByRole('textbox', { name: 'Document', exact: true });
  await expect(editor).toHaveAttribute('contenteditable', 'true', { timeout: 45_000 });
  const chat = page.getByRole('region', { name: 'AI chat' });
  await expect(chat.getByRole('textbox')).toBeVisible();

  const { editableAt, chatFetchedAt } = await page.evaluate(() => ({
    editableAt: (window as unknown as { editableAt?: number }).editableAt,
    chatFetchedAt: performance.getEntriesByType('resource').find((entry) => /\/assets\/document-chat-[^/]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(editableAt).toBeDefined();
  expect(chatFetchedAt).toBeGreaterThan(editableAt!);
  // The connection opened as the app started is the one the editor uses: no second one.
  expect(liveSockets).toHaveLength(1);
});
