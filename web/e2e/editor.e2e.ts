import { expect, test } from '@playwright/test';
import type { DocumentDto } from '@prd/proto';
import { createDocumentByApi } from './chat-helpers';
import { editorText, openLiveEditor } from './co-editing-helpers';
import { unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 90_000 });

const CONTENT = '# Launch plan\n\n## Goals\nShip the beta to 50 teams in May.\n';

test('an AI edit changes the preview, shows in History and is undone by Restore', async ({ page }) => {
  const document = await createDocumentByApi(page, unique('Launch plan '), CONTENT);
  await page.goto(`/documents/${document.id}`);
  const preview = page.getByRole('region', { name: 'Document preview' });
  await expect(preview.getByRole('heading', { level: 2, name: document.title })).toBeVisible();
  await expect(preview.getByTestId('character-count')).toHaveText(`${CONTENT.length} characters`);
  await expect(preview.getByRole('heading', { name: 'Risks', exact: true })).toHaveCount(0);

  const input = page.getByRole('textbox', { name: 'Ask the AI to change this document' });
  await input.fill('add a section called Risks');
  await input.press('Enter');
  await expect(preview.getByText('Updating...')).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Risks', exact: true })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Document chat' })).toContainText("I've updated your document with the suggested changes.");
  // The edit came through the live document; the badge goes about 2 s after the reply.
  await expect(preview.getByText('Updating...')).toBeHidden({ timeout: 10_000 });

  await preview.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'History' });
  const revisions = history.getByRole('list', { name: 'Revisions' }).getByRole('button');
  await expect(revisions).toHaveCount(1);
  await expect(revisions.first()).toContainText('Before AI edit');
  await expect(history.getByRole('table', { name: 'Side-by-side diff' })).toContainText('## Risks');
  await expect(history.getByText(/^0 lines removed, [1-9]\d* added since this revision\.$/)).toBeVisible();
  await history.getByText('Inline', { exact: true }).click();
  await expect(history.getByLabel('Inline diff')).toContainText('added: ## Risks');

  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Revision restored', { exact: true })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Risks', exact: true })).toHaveCount(0);
  await expect(preview.getByTestId('character-count')).toHaveText(`${CONTENT.length} characters`);
  // The restore is itself a change: the AI's text is now in History.
  await expect(revisions).toHaveCount(2);
});

test('the markdown can be edited live and saved, and the earlier text stays in History', async ({ page }) => {
  const document = await createDocumentByApi(page, unique('Pricing page '), CONTENT);
  const { preview, editor } = await openLiveEditor(page, document.id);
  expect(await editorText(editor)).toBe(CONTENT);
  await editor.click();
  await editor.press('Control+End');
  await page.keyboard.type('\n## Pricing\nFree for teams of up to five.\n');
  // The live preview beside the source follows the typing.
  await expect(preview.getByRole('region', { name: 'Live preview' }).getByRole('heading', { name: 'Pricing', exact: true })).toBeVisible();
  await expect(preview.getByTestId('character-count')).toHaveText(`${CONTENT.length + '\n## Pricing\nFree for teams of up to five.\n'.length} characters`);
  // By keyboard: at the bottom right the floating launchers and the toasts may cover the buttons.
  await preview.getByRole('button', { name: 'Save' }).press('Enter');
  await expect(page.getByText('Document saved', { exact: true })).toBeVisible();
  // The server stores the live text by itself, seconds after the typing stops.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${document.id}`)).json()) as DocumentDto).content, { timeout: 30_000 })
    .toBe(`${CONTENT}\n## Pricing\nFree for teams of up to five.\n`);
  await preview.getByRole('button', { name: 'Done' }).press('Enter');
  await expect(preview.getByRole('heading', { name: 'Pricing', exact: true })).toBeVisible();

  await preview.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Revisions' })).toContainText('Before your edit');
});

test('a missing document shows Document not found with the way back', async ({ page }) => {
  // A guest (the first document makes the visitor one): a visitor without a session is asked to sign in instead.
  await createDocumentByApi(page, unique('Mine '), CONTENT);
  await page.goto('/documents/987654321');
  await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
});
