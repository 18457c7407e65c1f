import { describe, expect, it } from '@jest/globals';
import * as Y from 'yjs';
import { documentFragment, SOURCE_TEXT_NAME } from '@prd/doc-model';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { changeStoredMarkdown, markdownOf, seededDoc, storedDoc } from './live-document.js';

/** Two copies of one document, as two replicas or editors hold it. */
function copies(markdown: string): [Y.Doc, Y.Doc] {
  const a = seededDoc(markdown);
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  return [a, b];
}

/** Types `text` at the end of the text of the paragraph (or heading) that holds `needle`, as the editor does. */
function typeAfter(doc: Y.Doc, needle: string, text: string): void {
  for (const block of documentFragment(doc).toArray()) {
    const child = block instanceof Y.XmlElement ? block.get(0) : null;
    if (child instanceof Y.XmlText && child.toString().includes(needle)) return child.insert(child.length, text);
  }
  throw new Error(`no block holds ${needle}`);
}

/** A state of the markdown-source era: the markdown in a Y.Text, no fragment. */
function sourceEraState(markdown: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText(SOURCE_TEXT_NAME).insert(0, markdown);
  return Y.encodeStateAsUpdate(doc);
}

describe('the live document of a document', () => {
  it('holds each catalogue template and gives its markdown back byte for byte, also after a change and its undoing', () => {
    for (const template of TEMPLATE_CATALOGUE) {
      const state = Y.encodeStateAsUpdate(seededDoc(template.content));
      const there = changeStoredMarkdown(state, template.content, `${template.content}\n- [ ] one more task\n`);
      const back = changeStoredMarkdown(there.state, `${template.content}\n- [ ] one more task\n`, template.content);
      expect(storedDoc(back.state, template.content)).toMatchObject({ changed: false });
      expect(markdownOf(storedDoc(back.state, template.content).doc)).toBe(template.content);
    }
  });

  it('starts from the stored state, or seeds it from the markdown, and lets the markdown win where they differ', () => {
    expect(storedDoc(null, 'seed\n').changed).toBe(true);
    const state = Y.encodeStateAsUpdate(seededDoc('stored\n'));
    const same = storedDoc(state, 'stored\n');
    expect([markdownOf(same.doc), same.changed]).toEqual(['stored\n', false]);
    const outdated = storedDoc(state, 'changed elsewhere\n');
    expect([markdownOf(outdated.doc), outdated.changed]).toEqual(['changed elsewhere\n', true]);
  });

  it('converts a state of the markdown-source era from the stored markdown, once', () => {
    const markdown = '# Plan\n\n- [x] done\n- [ ] next\n';
    // The stored markdown is the authority, even where the old text lags behind it.
    const converted = storedDoc(sourceEraState('# Plan\n'), markdown);
    expect([markdownOf(converted.doc), converted.changed]).toEqual([markdown, true]);
    expect(storedDoc(Y.encodeStateAsUpdate(converted.doc), markdown).changed).toBe(false);
    const edited = changeStoredMarkdown(sourceEraState(markdown), markdown, `${markdown}\nMore.\n`);
    expect(markdownOf(storedDoc(edited.state, `${markdown}\nMore.\n`).doc)).toBe(`${markdown}\nMore.\n`);
  });

  it('turns a change made outside the editor into a new state and an update that any live copy merges with what was typed meanwhile', () => {
    const [live] = copies('# Plan\n\nIntro.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd.\n');
    const stored = Y.encodeStateAsUpdate(live);
    typeAfter(live, 'Intro.', ' Typed live.');
    const { state, update } = changeStoredMarkdown(
      stored,
      '# Plan\n\nIntro.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd.\n',
      '# Plan\n\nIntro.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd, by the AI.\n',
    );
    Y.applyUpdate(live, update);
    expect(markdownOf(live)).toBe('# Plan\n\nIntro. Typed live.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd, by the AI.\n');
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, state);
    expect(markdownOf(reloaded)).toBe('# Plan\n\nIntro.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd, by the AI.\n');
  });

  it('gives an update that holds the whole change for a document never opened', () => {
    const seeded = changeStoredMarkdown(null, 'Seed\n', 'Seed, changed\n');
    const fresh = new Y.Doc();
    Y.applyUpdate(fresh, seeded.update);
    expect(markdownOf(fresh)).toBe('Seed, changed\n');
  });
});
