/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { documentSchema, markdownToYFragment, yFragmentToMarkdown } from '@prd/doc-model';
import type { Editor } from '@tiptap/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { followMarkdown } from '../document-editor/live-markdown';
import RichEditor from './rich-editor';
import { shownDocument } from './shown-document';

/** Two copies of one document kept in step, as the Hocuspocus provider keeps the browser's and the server's. */
function linkedDocs(markdown: string): [Y.Doc, Y.Doc] {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(b, update, 'remote'));
  b.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(a, update, 'remote'));
  markdownToYFragment(a, markdown);
  return [a, b];
}

function mount(doc: Y.Doc, editable: boolean) {
  const editors: Editor[] = [];
  const props = { doc, presence: { awareness: new Awareness(doc) }, user: { name: 'Ana', color: '#1677ff' }, onEditor: (e: Editor | null) => e && editors.push(e) };
  const aid = (e: Editor) => <p data-testid="aid">{e.isEditable ? 'editable' : 'read-only'}</p>;
  const view = render(
    <RichEditor {...props} editable={editable}>
      {aid}
    </RichEditor>,
  );
  const editor = editors[0];
  if (!editor) throw new Error('the editor was not created');
  return {
    editor,
    editors,
    setEditable: (next: boolean) =>
      view.rerender(
        <RichEditor {...props} editable={next}>
          {aid}
        </RichEditor>,
      ),
  };
}

/** The position just after the text block that holds exactly `text`. */
function endOf(editor: Editor, text: string): number {
  let end = -1;
  editor.state.doc.descendants((node, pos) => {
    if (node.isTextblock && node.textContent === text) end = pos + 1 + node.content.size;
  });
  return end;
}

afterEach(cleanup);

describe('RichEditor', () => {
  it('shows the live document as a labelled multi-line textbox, with real headings, task lists and tables', () => {
    const [doc] = linkedDocs('# Plan\n\n- [x] Draft\n\n| A | B |\n| - | - |\n| 1 | 2 |\n');
    mount(doc, true);
    const box = screen.getByRole('textbox', { name: 'Document' });
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(box.querySelector('h1')).toHaveTextContent('Plan');
    expect(box.querySelector('input[type="checkbox"]')).toBeChecked();
    expect(box.querySelectorAll('td')).toHaveLength(2);
    expect(screen.getByTestId('aid')).toHaveTextContent('editable');
  });

  it('writes what is typed into the shared fragment, which the other copy derives the same markdown from', () => {
    const [doc, other] = linkedDocs('# Plan\n\nIntro.\n');
    const { editor } = mount(doc, true);
    act(() => {
      editor
        .chain()
        .setTextSelection(editor.state.doc.content.size - 1)
        .insertContent(' More')
        .run();
    });
    expect(yFragmentToMarkdown(other)).toBe('# Plan\n\nIntro. More\n');
  });

  it('takes typing inside bold text with its formatting and plain typing after it without, and Undo takes both back', () => {
    const [doc, other] = linkedDocs('Ship **the beta** soon.\n');
    const { editor } = mount(doc, true);
    const inBold = editor.state.doc.textContent.indexOf('beta') + 1;
    act(() => {
      editor.commands.setTextSelection(inBold + 2);
      for (const character of ' new') editor.view.dispatch(editor.state.tr.insertText(character));
    });
    expect(yFragmentToMarkdown(other)).toBe('Ship **the be newta** soon.\n');
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      for (const character of ' Now') editor.view.dispatch(editor.state.tr.insertText(character));
    });
    expect(yFragmentToMarkdown(other)).toBe('Ship **the be newta** soon. Now\n');
    act(() => {
      editor.commands.undo();
    });
    expect(yFragmentToMarkdown(other)).toBe('Ship **the beta** soon.\n');
  });

  it("shows another copy's changes as they arrive", () => {
    const [doc, other] = linkedDocs('Intro.\n');
    mount(doc, true);
    act(() => other.getXmlFragment('document').insert(1, [new Y.XmlElement('paragraph')]));
    act(() => (other.getXmlFragment('document').get(1) as Y.XmlElement).insert(0, [new Y.XmlText('From Bo')]));
    expect(screen.getByRole('textbox', { name: 'Document' })).toHaveTextContent('Intro.From Bo');
  });

  it("keeps the nodes of the blocks another copy's change did not touch, and shows the document the changes make", () => {
    const [doc, other] = linkedDocs('# Plan\n\nIntro.\n\n| A | B |\n| - | - |\n| 1 | 2 |\n\nLast.\n');
    const { editor } = mount(doc, true);
    const fragment = other.getXmlFragment('document');
    const before = editor.state.doc;
    act(() => ((fragment.get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Bo: '));
    const after = editor.state.doc;
    expect([0, 2, 3].map((i) => after.child(i) === before.child(i))).toEqual([true, true, true]);
    expect(after.child(1).textContent).toBe('Bo: Intro.');
    // A cell of the table: only the table is new, and everything reads as the shared fragment says.
    const cell = (((fragment.get(2) as Y.XmlElement).get(1) as Y.XmlElement).get(0) as Y.XmlElement).get(0) as Y.XmlElement;
    act(() => (cell.get(0) as Y.XmlText).insert(1, '0'));
    expect(editor.state.doc.child(3)).toBe(before.child(3));
    act(() => fragment.delete(0, 1));
    expect(editor.state.doc.eq(yXmlFragmentToProseMirrorRootNode(fragment, editor.schema))).toBe(true);
    expect(editor.state.doc.textContent).toBe('Bo: Intro.AB102Last.');
  });

  it('keeps its nodes when a plugin is added (a menu registers one), and still shows and writes the changes after', () => {
    const [doc, other] = linkedDocs('# Plan\n\nIntro.\n');
    const { editor } = mount(doc, true);
    const before = editor.state.doc;
    act(() => void editor.registerPlugin(new Plugin({ key: new PluginKey('menu') })));
    expect(editor.state.doc).toBe(before);
    act(() => ((other.getXmlFragment('document').get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Bo: '));
    act(() => void editor.chain().setTextSelection(endOf(editor, 'Bo: Intro.')).insertContent(' More').run());
    expect(editor.state.doc.child(0)).toBe(before.child(0));
    expect(yFragmentToMarkdown(other)).toBe('# Plan\n\nBo: Intro. More\n');
  });

  it('hands its document to the live markdown, which reads the same as derived from the shared fragment, as long as it is open', () => {
    const source = '# Plan\n\n* Loose  *stars*\n* Two\n\n| A | B |\n|:-|-:|\n| 1 | 2 |\n\n```ts\nconst a = 1;\n```\n\n> Quote\n\n1) First\n';
    const [doc, other] = linkedDocs(source);
    const { editor } = mount(doc, true);
    const live = followMarkdown(doc, () => undefined, 0);
    expect(shownDocument(doc)?.eq(documentSchema.nodeFromJSON(editor.getJSON()))).toBe(true);
    act(() => (((other.getXmlFragment('document').get(1) as Y.XmlElement).get(0) as Y.XmlElement).get(0) as Y.XmlElement).insert(0, [new Y.XmlText('Bo ')]));
    act(() => void editor.chain().setTextSelection(endOf(editor, 'Quote')).insertContent(' and more').run());
    expect(live.now()).toBe(yFragmentToMarkdown(doc));
    expect(live.now()).toContain('> Quote and more');
    live.stop();
    cleanup();
    expect(shownDocument(doc)).toBeNull();
  });

  it('is read-only for readers: the view takes no input and says so', () => {
    const [doc] = linkedDocs('Read me.\n');
    const { editor } = mount(doc, false);
    const box = screen.getByRole('textbox', { name: 'Document' });
    expect(box).toHaveAttribute('contenteditable', 'false');
    expect(box).toHaveAttribute('aria-readonly', 'true');
    expect(editor.view.editable).toBe(false);
    expect(screen.getByTestId('aid')).toHaveTextContent('read-only');
  });

  it('becomes read-only when the connection does, and editable again, with the same editor', () => {
    const [doc] = linkedDocs('Text.\n');
    const { editor, editors, setEditable } = mount(doc, true);
    setEditable(false);
    const box = screen.getByRole('textbox', { name: 'Document' });
    expect(box).toHaveAttribute('contenteditable', 'false');
    expect(box).toHaveAttribute('aria-readonly', 'true');
    setEditable(true);
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(box).toHaveAttribute('aria-readonly', 'false');
    expect(editors).toEqual([editor]);
  });

  const paragraph = { markdown: 'We ship.\n', after: 'We ship.', merged: /^We ship\.( Alpha adds pricing\. Beta adds support\.| Beta adds support\. Alpha adds pricing\.)\n$/ };
  const cell = {
    markdown: '| Item | Owner |\n| - | - |\n| Launch | Ana |\n',
    after: 'Launch',
    merged: /\| Launch( Alpha adds pricing\. Beta adds support\.| Beta adds support\. Alpha adds pricing\.) \| Ana +\|\n$/,
  };
  it.each([
    // Each keystroke on both sides, then the exchange: the caret stays where Yjs puts it.
    ['keystroke for keystroke, A ordered first', paragraph, 0, 0, 1],
    ['keystroke for keystroke, B ordered first', paragraph, 0, 0, 2],
    ['A one keystroke ahead, A ordered first', paragraph, 1, 0, 1],
    ['A one keystroke ahead, B ordered first', paragraph, 1, 0, 2],
    ['B one keystroke ahead, A ordered first', paragraph, 0, 1, 1],
    ['B one keystroke ahead, B ordered first', paragraph, 0, 1, 2],
    ['A two keystrokes ahead, B ordered first', paragraph, 2, 0, 2],
    ['in a table cell, A one keystroke ahead, A ordered first', cell, 1, 0, 1],
    ['in a table cell, B one keystroke ahead, B ordered first', cell, 0, 1, 2],
  ])("keeps each person's words together when one types beside the other's same character (%s)", (_name, where, leadA, leadB, clientOfA) => {
    // A's space reaches B before B types its own space at the same spot: B's caret stays before A's space, so B's
    // space goes in front of it. Diffing the text alone would put it behind (the two spaces read the same), and
    // everything either typed next would interleave with the other's.
    const a = new Y.Doc();
    const b = new Y.Doc();
    markdownToYFragment(a, where.markdown);
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    // Yjs orders two inserts at one spot by client id: both orders, chosen rather than left to chance.
    a.clientID = clientOfA;
    b.clientID = 3 - clientOfA;
    const toB: Uint8Array[] = [];
    const toA: Uint8Array[] = [];
    a.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && toB.push(update));
    b.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && toA.push(update));
    const onA = mount(a, true).editor;
    const onB = mount(b, true).editor;
    const end = endOf(onA, where.after);
    act(() => {
      onA.commands.setTextSelection(end);
      onB.commands.setTextSelection(end);
    });
    const byA = [...' Alpha adds pricing.'];
    const byB = [...' Beta adds support.'];
    act(() => {
      for (const character of byA.splice(0, leadA)) onA.view.dispatch(onA.state.tr.insertText(character));
      for (const character of byB.splice(0, leadB)) onB.view.dispatch(onB.state.tr.insertText(character));
      for (const update of toB.splice(0)) Y.applyUpdate(b, update, 'remote');
      for (const update of toA.splice(0)) Y.applyUpdate(a, update, 'remote');
    });
    while (byA.length > 0 || byB.length > 0) {
      act(() => {
        const [nextA, nextB] = [byA.shift(), byB.shift()];
        if (nextA) onA.view.dispatch(onA.state.tr.insertText(nextA));
        if (nextB) onB.view.dispatch(onB.state.tr.insertText(nextB));
        for (const update of toB.splice(0)) Y.applyUpdate(b, update, 'remote');
        for (const update of toA.splice(0)) Y.applyUpdate(a, update, 'remote');
      });
    }
    expect(yFragmentToMarkdown(b)).toBe(yFragmentToMarkdown(a));
    expect(yFragmentToMarkdown(a)).toMatch(where.merged);
  });
});

describe('RichEditor on a fork of the live document (suggesting mode)', () => {
  /** A caret at `offset` in the text of the live document's first paragraph, as the presence carries it. */
  function caretAt(live: Y.Doc, offset: number) {
    const paragraph = live
      .getXmlFragment('document')
      .toArray()
      .find((node) => node instanceof Y.XmlElement && node.nodeName === 'paragraph') as Y.XmlElement;
    const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(paragraph.get(0) as Y.XmlText, offset)) as unknown;
    return { anchor: at, head: at };
  }

  it("shows the others' carets, which the fork resolves as the live document does", async () => {
    const live = new Y.Doc();
    markdownToYFragment(live, '# Plan\n\nShoppers abandon carts.\n');
    const fork = new Y.Doc();
    Y.applyUpdate(fork, Y.encodeStateAsUpdate(live));
    const awareness = new Awareness(live);
    render(<RichEditor doc={fork} presence={{ awareness }} user={{ name: 'Ana', color: '#1677ff' }} fork editable />);
    const other = new Awareness(new Y.Doc());
    other.setLocalState({ user: { name: 'Bo', color: '#d4380d' }, cursor: caretAt(live, 8) });
    act(() => applyAwarenessUpdate(awareness, encodeAwarenessUpdate(other, [other.clientID]), 'remote'));
    const labels = () => Array.from(document.querySelectorAll('.collaboration-carets__label')).map((label) => label.textContent);
    // y-tiptap draws the carets on the tick after a presence change; every state is drawn in that one pass.
    await waitFor(() => expect(labels()).not.toEqual([]));
    expect(labels()).toEqual(['Bo']);
    expect(document.querySelector('.collaboration-carets__caret')?.parentElement?.textContent).toContain('Shoppers');
  });
});
