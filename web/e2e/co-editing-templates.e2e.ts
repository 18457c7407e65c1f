import { expect, test } from '@playwright/test';
import type { DocumentDto, Template } from '@prd/proto';
import { createDocumentByApi } from './chat-helpers';
import { editorText, openLiveEditor } from './co-editing-helpers';
import { signUp, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
// Thirty-one documents opened, edited and saved one after another.
test.describe.configure({ timeout: 300_000 });

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

  for (const sample of samples) {
    const doc = await createDocumentByApi(page, unique(`${sample.name} `), sample.content);
    const { preview, editor } = await openLiveEditor(page, doc.id);
    // Untouched: the live text is the stored markdown (Save has nothing to store) and the editor shows it.
    await expect(preview.getByRole('button', { name: 'Save' }), sample.name).toBeDisabled();
    await expect(preview.getByTestId('character-count')).toHaveText(`${sample.content.length.toLocaleString('en-US')} characters`);
    expect(await editorText(editor), sample.name).toBe(sample.content);

    // An edit at the very top, then Save: the stored markdown is the template with that line before it.
    await editor.click();
    await editor.press('Control+Home');
    await page.keyboard.type('Edited first.\n');
    const save = preview.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    // By keyboard: at the bottom right the floating chat and feedback launchers may cover the button.
    await save.press('Enter');
    // Saved: the stored text is the live text again.
    await expect(save).toBeDisabled();
    const stored = (await (await page.request.get(`/api/documents/${doc.id}`)).json()) as DocumentDto;
    expect(stored.content, sample.name).toBe(`Edited first.\n${sample.content}`);
  }
});
