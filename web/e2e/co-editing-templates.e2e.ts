import { expect, test } from './fixtures';
import type { DocumentDto, Template } from '@prd/proto';
import { createDocumentByApi } from './chat-helpers';
import { caretAfter, openLiveEditor } from './co-editing-helpers';
import { signUp, unique, WIDE } from './helpers';

test.use({ viewport: WIDE });
// Eight documents a test, opened, edited and saved one after another: minutes on the shared 2-core machine.
test.describe.configure({ timeout: 600_000 });

/**
 * The thirty-one samples, split over this many tests (every fourth sample each), which Playwright's workers share out: one
 * test opening them all, four pages at a time, held four live editors beside the other worker's test, and on a busy machine
 * an editor then took more than the 45 s its opening is given.
 */
const GROUPS = 4;
const ORDINALS = ['first', 'second', 'third', 'fourth'];

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
for (let group = 0; group < GROUPS; group++) {
  const rich = group === 30 % GROUPS ? ' and a table/task/code/link document' : '';
  test(`every fourth catalogue template from the ${ORDINALS[group]}${rich} ${rich ? 'come' : 'comes'} back unchanged from the live editor, and intact after an edit elsewhere`, async ({
    page,
  }) => {
    await signUp(page);
    const templates = (await (await page.request.get('/api/templates')).json()) as Template[];
    expect(templates).toHaveLength(30);
    const samples = [...templates.map((t) => ({ name: t.name, content: t.content })), { name: 'Rich markdown', content: RICH }].filter((_, i) => i % GROUPS === group);
    const edited: Array<{ name: string; id: number; expected: string }> = [];

    for (const sample of samples) {
      const doc = await createDocumentByApi(page, unique(`${sample.name} `), sample.content);
      const { region, editor } = await openLiveEditor(page, doc.id);
      // Untouched: the markdown derived from the editor's document is the stored one, to the byte (its length shows).
      await expect(region.getByTestId('character-count'), sample.name).toHaveText(`${sample.content.length.toLocaleString('en-US')} characters`);

      // An edit of the first heading; the status says when the server has it.
      const [first] = sample.content.split('\n', 1) as [string];
      await caretAfter(editor, first.replace(/^#+ /, ''));
      await page.keyboard.type(' (edited)');
      await expect(region.getByTestId('save-status')).toHaveText('Saved', { timeout: 20_000 });
      edited.push({ name: sample.name, id: doc.id, expected: sample.content.replace(first, `${first} (edited)`) });
    }

    // The markdown the server stores from each live document is the template with only that heading changed.
    for (const { name, id, expected } of edited) {
      await expect.poll(async () => ((await (await page.request.get(`/api/documents/${id}`)).json()) as DocumentDto).content, { message: name, timeout: 30_000 }).toBe(expected);
    }
  });
}
