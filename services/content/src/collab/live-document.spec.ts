import { describe, expect, it } from '@jest/globals';
import * as Y from 'yjs';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { changeStoredText, rewriteText, seededDoc, storedDoc, textOf } from './live-text.js';

/** Two copies of one document, as two replicas or editors hold it. */
function copies(markdown: string): [Y.Doc, Y.Doc] {
  const a = seededDoc(markdown);
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  return [a, b];
}

function exchange(a: Y.Doc, b: Y.Doc): void {
  const fromA = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const fromB = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, fromA);
  Y.applyUpdate(a, fromB);
}

describe('the live text of a document', () => {
  it('holds each catalogue template exactly, and a rewrite to it and back changes nothing else', () => {
    for (const template of TEMPLATE_CATALOGUE) {
      const doc = seededDoc(template.content);
      expect(textOf(doc)).toBe(template.content);
      rewriteText(doc, `${template.content}\n- [ ] one more task\n`);
      rewriteText(doc, template.content);
      expect(textOf(doc)).toBe(template.content);
    }
  });

  it('rewrites with a minimal diff, so an edit made meanwhile elsewhere survives the merge', () => {
    const [server, editor] = copies('# Plan\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n');
    editor.getText('content').insert(0, 'Typed. ');
    rewriteText(server, '# Plan\n\n| a | b |\n|---|---|\n| 1 | 3 |\n\n- [x] done\n- [ ] next\n');
    exchange(server, editor);
    expect(textOf(editor)).toBe('Typed. # Plan\n\n| a | b |\n|---|---|\n| 1 | 3 |\n\n- [x] done\n- [ ] next\n');
    expect(textOf(server)).toBe(textOf(editor));
  });

  it('never cuts a character made of two UTF-16 units in half', () => {
    const doc = seededDoc('smile 😀 here');
    rewriteText(doc, 'smile 😃 here');
    expect(textOf(doc)).toBe('smile 😃 here');
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    expect(textOf(copy)).toBe('smile 😃 here');
  });

  it('falls back to lines, then to the whole changed middle, when the change is too large to diff by character', () => {
    const lines = (char: string) => Array.from({ length: 3_000 }, (_, i) => `${char}${i}`).join('\n');
    for (const [before, after] of [
      [`start\n${lines('a')}\nend\n`, `start\n${lines('b')}\nend\n`],
      [`start\n${'a'.repeat(30_000)}\nend\n`, `start\n${'b'.repeat(30_000)}\nend\n`],
    ] as const) {
      const doc = seededDoc(before);
      rewriteText(doc, after);
      expect(textOf(doc)).toBe(after);
    }
  });

  it('starts from the stored state, or seeds it from the markdown, and lets the markdown win where they differ', () => {
    expect(storedDoc(null, 'seed').changed).toBe(true);
    const state = Y.encodeStateAsUpdate(seededDoc('stored'));
    const same = storedDoc(state, 'stored');
    expect([textOf(same.doc), same.changed]).toEqual(['stored', false]);
    const outdated = storedDoc(state, 'changed elsewhere');
    expect([textOf(outdated.doc), outdated.changed]).toEqual(['changed elsewhere', true]);
  });

  it('turns a change made outside the editor into a new state and an update that any live copy merges', () => {
    const [live] = copies('Intro\nEnd\n');
    const stored = Y.encodeStateAsUpdate(live);
    live.getText('content').insert(0, 'Live. ');
    const { state, update } = changeStoredText(stored, 'Intro\nEnd\n', 'Intro\nEnd, changed\n');
    Y.applyUpdate(live, update);
    expect(textOf(live)).toBe('Live. Intro\nEnd, changed\n');
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, state);
    expect(textOf(reloaded)).toBe('Intro\nEnd, changed\n');
  });

  it("gives an update that holds the whole change: the seed of a document never opened, or the markdown's win over an outdated state", () => {
    const seeded = changeStoredText(null, 'Seed\n', 'Seed, changed\n');
    const fresh = new Y.Doc();
    Y.applyUpdate(fresh, seeded.update);
    expect(textOf(fresh)).toBe('Seed, changed\n');

    const [live] = copies('Stored\n');
    const outdated = changeStoredText(Y.encodeStateAsUpdate(live), 'Changed elsewhere\n', 'Changed elsewhere, then by the AI\n');
    Y.applyUpdate(live, outdated.update);
    expect(textOf(live)).toBe('Changed elsewhere, then by the AI\n');
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, outdated.state);
    expect(textOf(reloaded)).toBe('Changed elsewhere, then by the AI\n');
  });
});
