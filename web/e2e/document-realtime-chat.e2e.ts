import { expect, test, type Page } from './fixtures';
import type { DocumentDto } from '@prd/proto';
import { createDocumentByApi } from './chat-helpers';
import { signUp, unique, WIDE } from './helpers';
import { documentRegion } from './co-editing-helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 180_000 });

const CONTENT = '# Launch plan\n\n## Goals\nShip the beta to 50 teams in May.\n';

/** Signs up, creates a document and opens its page with the document chat in realtime mode. */
async function openInRealtime(page: Page): Promise<DocumentDto> {
  await signUp(page);
  const document = await createDocumentByApi(page, unique('Realtime plan '), CONTENT);
  await page.goto(`/documents/${document.id}`);
  await expect(documentRegion(page).getByRole('textbox', { name: 'Document title' })).toHaveValue(document.title, { timeout: 20_000 });
  await page.getByRole('switch', { name: 'Realtime' }).click();
  await expect(page.getByText('Realtime Chat Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Realtime connected' })).toBeVisible();
  return document;
}

const chatInput = (page: Page) => page.getByRole('textbox', { name: 'Ask the AI to change this document' });

test('in realtime mode the document chat starts a /ws session on the document, and its reply edits the document live', async ({ page }) => {
  const sent: string[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === '/ws') socket.on('framesent', (frame) => sent.push(String(frame.payload)));
  });
  const document = await openInRealtime(page);
  const init = sent.map((raw) => JSON.parse(raw) as Record<string, unknown>).find((frame) => frame.type === 'init_session');
  expect(init).toMatchObject({ documentId: document.id, documentTitle: document.title, documentContext: CONTENT });
  expect(init).not.toHaveProperty('projectId');

  await chatInput(page).fill('add a section called Risks');
  await chatInput(page).press('Enter');
  const preview = documentRegion(page);
  await expect(preview.getByRole('heading', { name: 'Risks', exact: true })).toBeVisible();
  const log = page.getByRole('log', { name: 'Document chat' });
  await expect(log).toContainText("I've updated your document with the suggested changes.");
  expect(sent.some((raw) => raw.includes('"type":"message"') && raw.includes('add a section called Risks'))).toBe(true);

  // The exchange is the document's chat: after a reload, over HTTP, it is in the history.
  await page.reload();
  await expect(page.getByRole('log', { name: 'Document chat' })).toContainText('add a section called Risks');
});

test('a realtime message the server refuses is taken back with "Message Error: Failed to send message in realtime mode"', async ({ page }) => {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    // The question reaches the real server blank, which it refuses with an error frame.
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type: string; content?: string };
      server.send(JSON.stringify(frame.type === 'message' ? { ...frame, content: '   ' } : frame));
    });
  });
  await openInRealtime(page);
  await chatInput(page).fill('Shorten the goals');
  await chatInput(page).press('Enter');
  await expect(page.getByText('Message Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to send message in realtime mode')).toBeVisible();
  await expect(chatInput(page)).toHaveValue('Shorten the goals');
  await expect(page.getByRole('log', { name: 'Document chat' })).not.toContainText('Shorten the goals');
});

test('a realtime question whose socket drops is taken back with "Connection Error: Realtime chat is not connected"', async ({ page }) => {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if ((JSON.parse(String(message)) as { type: string }).type === 'message') void ws.close();
      else server.send(message);
    });
  });
  await openInRealtime(page);
  await chatInput(page).fill('Add a timeline');
  await chatInput(page).press('Enter');
  await expect(page.getByText('Connection Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Realtime chat is not connected')).toBeVisible();
  await expect(chatInput(page)).toHaveValue('Add a timeline');
});
