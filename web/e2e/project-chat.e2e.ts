import { expect, test } from './fixtures';
import { createDocumentByApi, createProjectByApi, pageOrigin } from './chat-helpers';
import { signUp, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 180_000 });

interface Frame {
  type: string;
  content?: string;
  documentContext?: string;
  isPartial?: boolean;
}

test('project chat connects over /ws and streams the reply as it is written', async ({ page }) => {
  const frames: Frame[] = [];
  const sent: Frame[] = [];
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.endsWith('/ws')) return;
    socket.on('framereceived', ({ payload }) => frames.push(JSON.parse(String(payload)) as Frame));
    socket.on('framesent', ({ payload }) => sent.push(JSON.parse(String(payload)) as Frame));
  });

  await signUp(page);
  const project = await createProjectByApi(page, unique('Calendar sharing '), 'Teams share one calendar');
  const document = await createDocumentByApi(page, unique('Calendar PRD '), '# Calendar PRD\n\n## Goals\nOne calendar per team.\n');
  const attached = await page.request.patch(`/api/documents/${document.id}`, { data: { projectId: project.id }, headers: pageOrigin });
  expect(attached.ok()).toBe(true);

  await page.goto(`/projects/${project.id}`);
  const panel = page.getByRole('complementary', { name: 'Project Chat' });
  await expect(panel).toBeVisible();
  await expect(page.getByText('Realtime Chat Active', { exact: true })).toBeVisible();
  await expect(page.getByText("You're now connected to realtime chat mode")).toBeVisible();
  // docs/product.md §7's init_session fields, the project's context among them, plus the project's id.
  expect(sent[0]).toMatchObject({ type: 'init_session', userId: expect.any(Number), documentId: null, documentTitle: project.name, projectId: project.id });
  expect(sent[0]!.documentContext).toContain(`Document: ${document.title}`);

  const input = panel.getByRole('textbox', { name: 'Message about this project' });
  const send = panel.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await input.fill('What documents does this project have?');
  await input.press('Enter');

  const log = panel.getByRole('log', { name: 'Project chat' });
  await expect(log).toContainText('What documents does this project have?');
  await expect(log).toContainText(document.title);
  await expect(log).toContainText('Offline assistant');
  await expect(input).toHaveValue('');
  // Bubbles carry relative times.
  await expect(log.getByText('less than a minute ago').first()).toBeVisible();

  // The reply came over the socket: growing partials first, then the final message.
  const replies = frames.filter((frame) => frame.type === 'message');
  const partials = replies.filter((frame) => frame.isPartial);
  expect(partials.length).toBeGreaterThan(1);
  expect(partials[1]!.content!.startsWith(partials[0]!.content!)).toBe(true);
  expect(replies.at(-1)).toMatchObject({ isPartial: false });
  expect(sent.some((frame) => frame.type === 'message' && frame.content === 'What documents does this project have?')).toBe(true);

  // Leaving the page ends the session before the socket closes.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Documents' }).click();
  await expect.poll(() => sent.some((frame) => frame.type === 'end_session')).toBe(true);
});
