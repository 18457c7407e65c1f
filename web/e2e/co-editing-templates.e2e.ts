import { expect, test } from '@playwright/test';
import type { DocumentDto, Template } from '@prd/proto';
import { createDocumentByApi } from './chat-helpers';
import { openLiveEditor } from './co-editing-helpers';
import { signUp, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
// Thirty-one documents opened, edited and saved one after another: 4.7 and 5.4 min in two fresh-clone runs on the
// 2-core machine beside another Playwright worker, so twice that as the budget.
test.describe.configure({ timeout: 600_000 });

/** Markdown the catalogue's templates do not have: a table, task lists, code blocks, links. */
const RICH = [
  '# Release checklist',
  '',
  'See the [runbook](https://example.com/runbook?step=2 "Runbook") and <https://status.example.com>.',
  '',
  '| Step | Owner | Done |',
  '| :--- | :---: | ---: |',
  '| Freeze | Ana | ✅ |',
  '| Tag \\| push | Bo | 50% |',
  '',
  '- [x] Changelog',
  '- [ ] Announce',
  '  - [ ] Blog post',
  '',
  '```bash',
  'npm run build',
  '\tnpm test',
  '```',
  '',
  'Trailing break  ',
  'next line.',
  '',
].join('\n');

/**
 * The template rule (docs/decisions/0013-live-co-editing.md): every catalogue template, opened in the live
 * editor, shows and stores exactly its markdown (no normalisation: the editor edits the markdown source);
 * an edit at the top leaves the rest — tables, task lists, code blocks and links included — as it was.
 */
test('each catalogue template and a table/task/code/link document come back unchanged from the live editor, and intact after an edit elsewhere', async ({ page }) => {
  await signUp(page);
  const templates = (await (await page.request.get('/api/templates')).json()) as Template[];
  expect(templates).toHaveLength(30);
  const samples = [...templates.map((t) => ({ name: t.name, content: t.content })), { name: 'Rich markdown', content: RICH }];

  const edited: Array<{ name: string; id: number; expected: string }> = [];
  for (const sample of samples) {
    const doc = await createDocumentByApi(page, unique(`${sample.name} `), sample.content);
    const { preview, editor } = await openLiveEditor(page, doc.id);
    // Untouched: the live text is exactly the stored markdown (Save compares the two and has nothing to confirm).
    // The editor's DOM holds only the lines in view, so the text is compared there, not read from the screen.
    await expect(preview.getByRole('button', { name: 'Save' }), sample.name).toBeDisabled();
    await expect(preview.getByTestId('character-count')).toHaveText(`${sample.content.length.toLocaleString('en-US')} characters`);

    // An edit at the very top; Save confirms the server has it before the next document opens.
    await editor.click();
    await editor.press('Control+Home');
    await page.keyboard.type('Edited first.\n');
    // By keyboard: at the bottom right the floating launchers may cover the button.
    await preview.getByRole('button', { name: 'Save' }).press('Enter');
    await expect(page.getByText('Document saved', { exact: true })).toBeVisible();
    edited.push({ name: sample.name, id: doc.id, expected: `Edited first.\n${sample.content}` });
  }

  // The markdown the server stores from each live text is the template with that line before it.
  for (const { name, id, expected } of edited) {
    await expect.poll(async () => ((await (await page.request.get(`/api/documents/${id}`)).json()) as DocumentDto).content, { message: name, timeout: 30_000 }).toBe(expected);
  }
});
