import { expect, test } from '@playwright/test';
import type { DocumentDto, Template } from '@prd/proto';
import { createDocumentByApi } from './chat-helpers';
import { caretAfter, openLiveEditor } from './co-editing-helpers';
import { signUp, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
// Thirty-one documents opened, edited and saved, four pages at a time (one after another it took about 5 min).
test.describe.configure({ timeout: 300_000 });

/** Pages working at once: enough to overlap the waits for the socket and the server, few enough for 2 cores. */
const PARALLEL = 4;

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
 * The template rule (docs/decisions/0039-shared-document-model.md): every catalogue template, opened in the rich-text
 * editor, derives exactly its markdown (the count shows its length), and after an edit of its first heading the server
 * stores every other byte as it was — tables, task lists, code blocks and links included.
 */
test('each catalogue template and a table/task/code/link document come back unchanged from the live editor, and intact after an edit elsewhere', async ({ page }) => {
  await signUp(page);
  const templates = (await (await page.request.get('/api/templates')).json()) as Template[];
  expect(templates).toHaveLength(30);
  const samples = [...templates.map((t) => ({ name: t.name, content: t.content })), { name: 'Rich markdown', content: RICH }];
  const queue = [...samples];
  const edited: Array<{ name: string; id: number; expected: string }> = [];

  // Each worker page (same session) opens the next sample until none is left.
  const worker = async () => {
    const tab = await page.context().newPage();
    for (let sample = queue.shift(); sample; sample = queue.shift()) {
      const doc = await createDocumentByApi(tab, unique(`${sample.name} `), sample.content);
      const { region, editor } = await openLiveEditor(tab, doc.id);
      // Untouched: the markdown derived from the editor's document is the stored one, to the byte (its length shows).
      await expect(region.getByTestId('character-count'), sample.name).toHaveText(`${sample.content.length.toLocaleString('en-US')} characters`);

      // An edit of the first heading; the status says when the server has it.
      const [first] = sample.content.split('\n', 1) as [string];
      await caretAfter(editor, first.replace(/^#+ /, ''));
      await tab.keyboard.type(' (edited)');
      await expect(region.getByTestId('save-status')).toHaveText('Saved', { timeout: 20_000 });
      edited.push({ name: sample.name, id: doc.id, expected: sample.content.replace(first, `${first} (edited)`) });
    }
    await tab.close();
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  expect(edited).toHaveLength(samples.length);

  // The markdown the server stores from each live document is the template with only that heading changed.
  for (const { name, id, expected } of edited) {
    await expect.poll(async () => ((await (await page.request.get(`/api/documents/${id}`)).json()) as DocumentDto).content, { message: name, timeout: 30_000 }).toBe(expected);
  }
});
