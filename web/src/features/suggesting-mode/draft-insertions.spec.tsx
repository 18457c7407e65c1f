/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { documentSchema, FRAGMENT_NAME, markdownToYFragment } from '@prd/doc-model';
import type { Editor } from '@tiptap/react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import RichEditor from '../rich-editor/rich-editor';
import { DraftInsertions, ownText } from './draft-insertions';
import { SuggestionFork } from './suggestion-fork';

const TEXT = '# Launch plan\n\nWe ship the beta in May.\n\n- Fifty teams\n- A **pricing** page\n\n| Metric | Target |\n| --- | --- |\n| Teams | 50 |\n';

const fragmentOf = (doc: Y.Doc) => doc.getXmlFragment(FRAGMENT_NAME);
const nodeOf = (doc: Y.Doc) => yXmlFragmentToProseMirrorRootNode(fragmentOf(doc), documentSchema);

/** The Yjs text of the block whose text starts with `start`. */
function textStarting(doc: Y.Doc, start: string): Y.XmlText {
  const texts: Y.XmlText[] = [];
  const collect = (parent: Y.XmlFragment | Y.XmlElement): void =>
    parent.toArray().forEach((child) => (child instanceof Y.XmlText ? texts.push(child) : child instanceof Y.XmlElement && collect(child)));
  collect(fragmentOf(doc));
  const found = texts.find((text) =>
    text
      .toString()
      .replace(/<[^>]+>/g, '')
      .startsWith(start),
  );
  if (!found) throw new Error(`no text starts with ${start}`);
  return found;
}

afterEach(cleanup);

describe('DraftInsertions', () => {
  it("finds what was typed into the fork, in a paragraph, a list item and a table cell, and not a co-editor's text arriving meanwhile", () => {
    const live = new Y.Doc();
    markdownToYFragment(live, TEXT);
    const fork = new SuggestionFork(live);
    const size = () => nodeOf(fork.doc).content.size;
    expect(ownText(fragmentOf(fork.doc), documentSchema, size())).toEqual([]);

    textStarting(fork.doc, 'We ship').insert('We ship the beta'.length, ' to fifty teams');
    textStarting(fork.doc, 'Fifty').insert(0, 'At least ');
    textStarting(fork.doc, '50').insert(2, ' by June');
    textStarting(live, 'A ').insert(0, 'Also: ');

    const spans = ownText(fragmentOf(fork.doc), documentSchema, size())!;
    const node = nodeOf(fork.doc);
    expect(node.textBetween(0, node.content.size, '\n')).toContain('Also: A pricing page');
    expect(spans.map(([from, to]) => node.textBetween(from, to))).toEqual([' to fifty teams', 'At least ', ' by June']);
    // Not yet in step with the editor (another size): nothing rather than wrong places.
    expect(ownText(fragmentOf(fork.doc), documentSchema, size() + 1)).toBeNull();
  });

  it('marks what is typed in the editor bound to the fork as an insertion, and leaves the rest of the text unmarked', async () => {
    const live = new Y.Doc();
    markdownToYFragment(live, TEXT);
    const fork = new SuggestionFork(live);
    const editors: Editor[] = [];
    const { container } = render(
      <RichEditor
        doc={fork.doc}
        fork
        presence={{ awareness: new Awareness(live) }}
        user={{ name: 'Ana', color: '#1677ff' }}
        editable
        extraExtensions={[DraftInsertions]}
        onEditor={(editor) => editor && editors.push(editor)}
      />,
    );
    const editor = editors[0]!;
    const marked = () => Array.from(container.querySelectorAll('.draft-insertion'), (element) => element.textContent);
    let end = -1;
    editor.state.doc.descendants((node, pos) => {
      if (node.isTextblock && node.textContent === 'We ship the beta in May.') end = pos + 1 + node.content.size;
    });
    editor.commands.insertContentAt(end, ' Then June.');
    await waitFor(() => expect(marked()).toEqual([' Then June.']));

    // A co-editor's typing reaches the fork and the editor unmarked; the draft stays marked where it is.
    textStarting(live, 'Fifty').insert(0, 'At least ');
    await waitFor(() => expect(editor.getText()).toContain('At least Fifty teams'));
    expect(marked()).toEqual([' Then June.']);
    expect(container.querySelector('.draft-insertion')?.closest('p')?.textContent).toBe('We ship the beta in May. Then June.');
  });
});
