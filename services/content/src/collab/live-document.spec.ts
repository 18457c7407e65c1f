import { describe, expect, it } from '@jest/globals';
import * as Y from 'yjs';
import { documentFragment, SOURCE_TEXT_NAME } from '@prd/doc-model';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { changeStoredMarkdown, loadStored, markdownOf, seededDoc } from './live-document.js';

/** A new document loaded from `state` and `markdown`, as a replica opening it live does. */
function storedDoc(state: Uint8Array | null, markdown: string): { doc: Y.Doc; changed: boolean } {
  const doc = new Y.Doc();
  return { doc, changed: loadStored(doc, state, markdown) };
}

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

  describe('the decoded document kept between changes (docs/decisions/0045-accept-lands-fast.md)', () => {
    const TEXT = '# Plan\n\nIntro.\n\nMiddle.\n\nEnd.\n';
    /** The Yjs client that wrote an update: the server document it came from. */
    const writer = (update: Uint8Array) => Y.decodeUpdate(update).structs[0]!.id.client;
    let key = 1_000;
    const decoded = (state: Uint8Array) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, state);
      return doc;
    };

    it('starts the next change of the state it committed from the kept document, with the same result as a fresh decode', () => {
      const id = key++;
      const stored = Y.encodeStateAsUpdate(seededDoc(TEXT));
      const first = changeStoredMarkdown(stored, TEXT, TEXT.replace('Intro.', 'Intro, changed.'), id);
      first.committed();
      const second = changeStoredMarkdown(first.state, TEXT.replace('Intro.', 'Intro, changed.'), TEXT.replace('Intro.', 'Intro, changed.').replace('End.', 'The end.'), id);
      expect(writer(second.update)).toBe(writer(first.update));
      const live = storedDoc(stored, TEXT).doc;
      Y.applyUpdate(live, first.update);
      Y.applyUpdate(live, second.update);
      expect(markdownOf(live)).toBe('# Plan\n\nIntro, changed.\n\nMiddle.\n\nThe end.\n');
      expect(markdownOf(decoded(second.state))).toBe('# Plan\n\nIntro, changed.\n\nMiddle.\n\nThe end.\n');
    });

    /** A live copy after a committed change kept for `id` (End. → The end.), then typed into (Intro. → Intro. Typed live.). */
    function typedAfterKeptChange(id: number): { live: Y.Doc; first: ReturnType<typeof changeStoredMarkdown> } {
      const [live] = copies(TEXT);
      const first = changeStoredMarkdown(Y.encodeStateAsUpdate(live), TEXT, TEXT.replace('End.', 'The end.'), id);
      first.committed();
      Y.applyUpdate(live, first.update);
      typeAfter(live, 'Intro.', ' Typed live.');
      return { live, first };
    }

    it('brings the kept document up to a stored state that grew since (a live store of what people typed)', () => {
      const id = key++;
      const { live, first } = typedAfterKeptChange(id);
      const stored = Y.encodeStateAsUpdate(live);
      const second = changeStoredMarkdown(stored, markdownOf(live), markdownOf(live).replace('Middle.', 'Accepted.'), id);
      expect(writer(second.update)).toBe(writer(first.update));
      Y.applyUpdate(live, second.update);
      expect(markdownOf(live)).toBe('# Plan\n\nIntro. Typed live.\n\nAccepted.\n\nThe end.\n');
      expect(markdownOf(decoded(second.state))).toBe('# Plan\n\nIntro. Typed live.\n\nAccepted.\n\nThe end.\n');
    });

    it('changes back a block that people changed since the last change: the kept document forgets which node its changed blocks held', () => {
      const id = key++;
      const { live } = typedAfterKeptChange(id);
      const typed = markdownOf(live);
      // A restore: the paragraph becomes again the very block (same source, same node) it was at the kept change.
      const restored = changeStoredMarkdown(Y.encodeStateAsUpdate(live), typed, typed.replace('Intro. Typed live.', 'Intro.'), id);
      Y.applyUpdate(live, restored.update);
      expect(markdownOf(live)).toBe('# Plan\n\nIntro.\n\nMiddle.\n\nThe end.\n');
      expect(markdownOf(decoded(restored.state))).toBe('# Plan\n\nIntro.\n\nMiddle.\n\nThe end.\n');
    });

    it('never keeps a change that was not committed: the next change decodes the stored state', () => {
      const id = key++;
      const base = TEXT.replace('Intro.', 'Committed.');
      const committed = changeStoredMarkdown(Y.encodeStateAsUpdate(seededDoc(TEXT)), TEXT, base, id);
      committed.committed();
      // Started from the kept document, then its transaction rolled back: the row still holds the committed state.
      const lost = changeStoredMarkdown(committed.state, base, base.replace('Middle.', 'Lost.'), id);
      expect(writer(lost.update)).toBe(writer(committed.update));
      const kept = changeStoredMarkdown(committed.state, base, base.replace('Middle.', 'Kept.'), id);
      expect(writer(kept.update)).not.toBe(writer(lost.update));
      const live = decoded(committed.state);
      Y.applyUpdate(live, kept.update);
      expect(markdownOf(live)).toBe(base.replace('Middle.', 'Kept.'));
      expect(markdownOf(decoded(kept.state))).toBe(base.replace('Middle.', 'Kept.'));
    });

    it('gives the undoing of a change, which a live copy merges with what its editors typed meanwhile', () => {
      const [live] = copies(TEXT);
      const stored = Y.encodeStateAsUpdate(live);
      const change = changeStoredMarkdown(stored, TEXT, TEXT.replace('Middle.', 'Accepted.'), key++);
      typeAfter(live, 'Intro.', ' Typed live.');
      Y.applyUpdate(live, change.update);
      expect(markdownOf(live)).toBe('# Plan\n\nIntro. Typed live.\n\nAccepted.\n\nEnd.\n');
      const undo = change.undo();
      Y.applyUpdate(live, undo.update);
      expect(markdownOf(live)).toBe('# Plan\n\nIntro. Typed live.\n\nMiddle.\n\nEnd.\n');
      // The state stored with the undoing holds what the live copy holds (but what was typed): the next change starts from it.
      const next = changeStoredMarkdown(undo.state, TEXT, TEXT.replace('Middle.', 'Accepted again.'), key++);
      Y.applyUpdate(live, next.update);
      expect(markdownOf(live)).toBe('# Plan\n\nIntro. Typed live.\n\nAccepted again.\n\nEnd.\n');
    });
  });
});
