import { expect, test, type Locator, type Page } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { signUp, unique, WIDE } from './helpers';
import { documentRegion } from './co-editing-helpers';
import { holdControl, useSlowProvider } from './slow-provider-helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 240_000 });

/**
 * docs/decisions/0014-streaming-replies.md with a slow model: the test stack's OPENAI_BASE_URL is a provider that writes one token every 60 ms
 * (infra/test/slow-provider.ts); a user who stores any key is answered by it.
 */
async function slowProviderUser(page: Page): Promise<void> {
  await signUp(page);
  await useSlowProvider(page);
}

/** The number the slow provider gave the reply shown in `where` once it is complete. */
async function replyNumber(where: Locator): Promise<string> {
  const text = await where.textContent();
  const match = /End of slow reply number (\d+)\./.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no finished slow reply in: ${text}`);
  return match[1];
}

test('on /chat a slow reply shows its first words while it is written; Stop keeps the partial reply; Regenerate replaces a reply', async ({ page }) => {
  await slowProviderUser(page);
  await page.goto('/chat');
  const conversation = page.getByRole('log', { name: 'Conversation' });
  const input = page.getByRole('textbox', { name: 'Message' });
  const streaming = page.getByTestId('streaming-reply');

  await input.fill('Plan a launch');
  await input.press('Enter');
  // The first words are on screen, and the composer offers Stop, while the model is still writing.
  await expect(streaming).toContainText('Slow reply number');
  await expect(page.getByRole('button', { name: 'Stop the reply' })).toBeVisible();
  await expect(conversation).not.toContainText('End of slow reply');
  // Its table is rendered once it is complete, never as a half-parsed one. The slow model takes seconds
  // to get there (one token every 60 ms, longer on a busy machine): wait for it as for the regenerated reply.
  await expect(conversation.getByRole('table')).toBeVisible({ timeout: 30_000 });
  await expect(conversation).toContainText('End of slow reply number');
  await expect(streaming).toBeHidden();
  const first = await replyNumber(conversation);

  // Regenerate: a new reply to the same question takes the old one's place.
  await conversation.getByRole('button', { name: 'Regenerate' }).click();
  await expect(streaming).toContainText('Slow reply number');
  await expect(conversation).not.toContainText(`End of slow reply number ${first}.`);
  await expect(streaming).toBeHidden({ timeout: 30_000 });
  const second = await replyNumber(conversation);
  expect(second).not.toBe(first);
  await expect(conversation.getByText('Plan a launch', { exact: true })).toHaveCount(1);

  // Stop: the words written so far stay, marked as stopped, and Send is back.
  await input.fill('Write me a long story');
  await input.press('Enter');
  await expect(streaming).toContainText('word3');
  await page.getByRole('button', { name: 'Stop the reply' }).click();
  await expect(streaming).toBeHidden();
  const stopped = conversation.getByRole('listitem').filter({ hasText: 'Write me a long story' }).locator('xpath=following-sibling::li[1]');
  await expect(stopped).toContainText('Slow reply number');
  await expect(stopped).toContainText('Stopped');
  await expect(stopped).not.toContainText('End of slow reply');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();

  // After a reload the stored conversation shows the same: the replaced reply is gone, the stopped one kept.
  const storedStopped = async () => {
    const threads = (await (await page.request.get('/api/chat/threads')).json()) as Array<{ id: number }>;
    const detail = (await (await page.request.get(`/api/chat/threads/${threads[0]?.id}`)).json()) as { messages: Array<{ stopped: boolean }> };
    return detail.messages.some((m) => m.stopped);
  };
  await expect.poll(storedStopped).toBe(true);
  await page.reload();
  await expect(conversation).toContainText(`End of slow reply number ${second}.`);
  await expect(conversation).not.toContainText(`End of slow reply number ${first}.`);
  await expect(conversation).toContainText('Stopped');
});

test('document chat streams the edit summary, updates the preview when the reply is done, and regenerates it', async ({ page }) => {
  // The summary is a dozen tokens (under a second): the provider holds the edit after it, so the streamed words stay on screen until
  // the test has seen them, however late the job starts on a busy machine.
  await slowProviderUser(page);
  const document = await createDocumentByApi(page, unique('Streamed plan '), '# Streamed plan\n\n## Goals\nShip it.\n');
  await page.goto(`/documents/${document.id}`);
  const preview = documentRegion(page);
  const chat = page.getByRole('log', { name: 'Document chat' });
  const streaming = page.getByTestId('streaming-reply');
  const notes = preview.getByRole('heading', { name: 'Streaming notes', exact: true });
  await expect(preview.getByRole('heading', { name: 'Goals', exact: true })).toBeVisible();

  const hold = unique('hold-');
  const input = page.getByRole('textbox', { name: 'Ask the AI to change this document' });
  await input.fill(`Add streaming notes [hold:${hold}]`);
  await input.press('Enter');
  await expect(streaming).toContainText('Adding a Streaming notes section');
  await expect(streaming).toContainText('(edit number');
  // The document changes only when the reply is done.
  await expect(notes).toHaveCount(0);
  await holdControl(page, 'release', hold);
  await expect(chat).toContainText("I've updated your document with the suggested changes.");
  await expect(notes).toBeVisible();
  await expect(preview).toContainText('Written by the slow test provider');

  // Regenerate the edit: a new summary replaces the old one, and the preview shows the new edit.
  const before = (await chat.textContent()) ?? '';
  const firstEdit = /edit number (\d+)/.exec(before)?.[1];
  await holdControl(page, 'hold', hold);
  await chat.getByRole('button', { name: 'Regenerate' }).click();
  await expect(streaming).toContainText('Adding a Streaming notes section');
  await expect(streaming).not.toContainText(`(edit number ${firstEdit}).`);
  await holdControl(page, 'release', hold);
  await expect(streaming).toBeHidden({ timeout: 30_000 });
  await expect(chat).not.toContainText(`(edit number ${firstEdit}).`);
  await expect(chat).toContainText('Adding a Streaming notes section');
});
