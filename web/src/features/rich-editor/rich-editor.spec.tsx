/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { markdownToYFragment, yFragmentToMarkdown } from '@prd/doc-model';
import type { Editor } from '@tiptap/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import RichEditor from './rich-editor';

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
  const view = render(<RichEditor {...props} editable={editable}>{aid}</RichEditor>);
  const editor = editors[0];
  if (!editor) throw new Error('the editor was not created');
  return { editor, editors, setEditable: (next: boolean) => view.rerender(<RichEditor {...props} editable={next}>{aid}</RichEditor>) };
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
      editor.chain().setTextSelection(editor.state.doc.content.size - 1).insertContent(' More').run();
    });
    expect(yFragmentToMarkdown(other)).toBe('# Plan\n\nIntro. More\n');
  });

  it("shows another copy's changes as they arrive", () => {
    const [doc, other] = linkedDocs('Intro.\n');
    mount(doc, true);
    act(() => other.getXmlFragment('document').insert(1, [new Y.XmlElement('paragraph')]));
    act(() => (other.getXmlFragment('document').get(1) as Y.XmlElement).insert(0, [new Y.XmlText('From Bo')]));
    expect(screen.getByRole('textbox', { name: 'Document' })).toHaveTextContent('Intro.From Bo');
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
});
