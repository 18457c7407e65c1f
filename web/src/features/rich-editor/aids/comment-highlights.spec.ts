/** @jest-environment jsdom */
import '../../../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { EditorState } from '@tiptap/pm/state';
import { documentExtensions } from '@prd/doc-model';
import { Editor } from '@tiptap/core';
import { commentHighlightsKey, CommentHighlights, type CommentHighlight } from './comment-highlights';
import { quoteFromEditor } from '../../comments/quote-from-editor';
import { caretAfter, createEditor, select, typeText } from './test/editor-harness';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  document.body.replaceChildren();
});

const PRD = '# Checkout\n\nShoppers abandon carts at the **payment step**. Fix the payment step first.\n\n- Fewer fields\n';
const payment: CommentHighlight = { id: 7, exact: 'payment step', prefix: 'abandon carts at the ', suffix: '. Fix' };

/** The highlighted passages in the page, by thread id. */
function highlighted(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const mark of Array.from(document.querySelectorAll('[data-comment-id]')))
    found[mark.getAttribute('data-comment-id')!] = (found[mark.getAttribute('data-comment-id')!] ?? '') + mark.textContent;
  return found;
}

/** Where the plugin has each highlight, as document text. */
function ranges(current: Editor): Record<number, string> {
  const state = commentHighlightsKey.getState(current.state)!;
  return Object.fromEntries([...state.ranges].map(([id, { from, to }]) => [id, current.state.doc.textBetween(from, to, '|')]));
}

describe('comment highlights in the editor', () => {
  it('highlights the quoted passage that best matches its context, the active one marked', () => {
    editor = createEditor(PRD);
    editor.commands.setCommentHighlights([payment, { id: 8, exact: 'Fewer fields', prefix: '', suffix: '' }], 8);
    expect(highlighted()).toEqual({ '7': 'payment step', '8': 'Fewer fields' });
    // The first "payment step" (bold, after "carts at the "), not the second.
    const first = document.querySelector('[data-comment-id="7"]')!;
    expect(first.closest('strong')).not.toBeNull();
    expect(document.querySelector('[data-comment-id="8"]')!.className).toContain('comment-highlight-active');
  });

  it('follows the passage through edits before it and around it', () => {
    editor = createEditor(PRD);
    editor.commands.setCommentHighlights([payment]);
    editor.commands.setTextSelection(1);
    typeText(editor, 'New ');
    caretAfter(editor, 'Shoppers');
    typeText(editor, ' often');
    expect(ranges(editor)).toEqual({ 7: 'payment step' });
    expect(highlighted()).toEqual({ '7': 'payment step' });
  });

  it('finds the passage again after a change that replaces the whole document, as a remote edit through the binding does', () => {
    editor = createEditor(PRD);
    editor.commands.setCommentHighlights([payment]);
    const next = editor.schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Added above by someone else.' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Fix the payment step first. Shoppers abandon carts at the payment step. Fix it.' }] },
      ],
    });
    editor.view.dispatch(editor.state.tr.replaceWith(0, editor.state.doc.content.size, next.content));
    const { from } = commentHighlightsKey.getState(editor.state)!.ranges.get(7)!;
    expect(editor.state.doc.textBetween(from - 'carts at the '.length, from)).toBe('carts at the ');
    expect(ranges(editor)).toEqual({ 7: 'payment step' });
  });

  it('drops the highlight of a passage whose text is gone, and shows it again when the text comes back', () => {
    editor = createEditor('Only the payment step here.\n');
    editor.commands.setCommentHighlights([{ id: 1, exact: 'payment step', prefix: '', suffix: '' }]);
    select(editor, 'payment');
    typeText(editor, 'checkout');
    expect(ranges(editor)).toEqual({});
    expect(highlighted()).toEqual({});
    select(editor, 'checkout');
    typeText(editor, 'payment');
    expect(ranges(editor)).toEqual({ 1: 'payment step' });
  });

  it('calls back with the thread of a clicked highlight', () => {
    const onCommentClick = jest.fn<(id: number) => void>();
    editor = createEditor(PRD, { onCommentClick });
    editor.commands.setCommentHighlights([payment]);
    const { from } = commentHighlightsKey.getState(editor.state)!.ranges.get(7)!;
    editor.view.someProp('handleClick', (handler) => handler(editor!.view, from + 2, new MouseEvent('click')));
    expect(onCommentClick).toHaveBeenCalledWith(7);
    onCommentClick.mockClear();
    editor.view.someProp('handleClick', (handler) => handler(editor!.view, 3, new MouseEvent('click')));
    expect(onCommentClick).not.toHaveBeenCalled();
  });

  it('finds a comment quoted from the editor as the page quotes it (against the markdown, which the server searches)', () => {
    editor = createEditor(PRD);
    select(editor, 'Fix the payment');
    const { from, to } = editor.state.selection;
    const quote = quoteFromEditor(editor.state.doc, from, to)!;
    expect(quote).toEqual({ exact: 'Fix the payment', prefix: ' carts at the **payment step**. ', suffix: ' step first.\n\n- Fewer fields\n' });
    editor.commands.setCommentHighlights([{ id: 3, ...quote }]);
    expect(ranges(editor)).toEqual({ 3: 'Fix the payment' });
  });

  it('highlights a comment quoted across formatting by its text, and keeps it as text is typed before it', () => {
    editor = createEditor(PRD);
    select(editor, 'carts at the payment step. Fix');
    const { from, to } = editor.state.selection;
    const quote = quoteFromEditor(editor.state.doc, from, to)!;
    expect(quote.exact).toBe('carts at the **payment step**. Fix');
    editor.commands.setCommentHighlights([{ id: 4, ...quote }]);
    expect(ranges(editor)).toEqual({ 4: 'carts at the payment step. Fix' });
    caretAfter(editor, 'Shoppers');
    typeText(editor, ' often');
    expect(ranges(editor)).toEqual({ 4: 'carts at the payment step. Fix' });
  });

  it('finds a 2,000-character quote in a 2,000,000-character document of one letter, and again after a letter typed inside it', () => {
    // No view: the plugin's own work, without drawing two million characters in jsdom.
    const { schema, extensionManager } = new Editor({ extensions: [...documentExtensions, CommentHighlights], content: '' });
    const state = EditorState.create({
      doc: schema.nodeFromJSON({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a'.repeat(2_000_000) }] }] }),
      plugins: extensionManager.plugins.filter((plugin) => plugin.spec.key === commentHighlightsKey),
    });
    // The worst input for a search: every position matches. Comparing every occurrence's surroundings took over 20 s
    // here; the linear search about 0.15 s (its time is not asserted: a busy machine once took 2 s of CPU under jest).
    const quote = { id: 1, exact: 'a'.repeat(2_000), prefix: 'a'.repeat(200), suffix: 'a'.repeat(200) };
    const set = state.apply(state.tr.setMeta(commentHighlightsKey, { highlights: [quote], activeId: null }));
    expect(commentHighlightsKey.getState(set)!.ranges.get(1)).toEqual({ from: 201, to: 2_201 });
    // A "b" typed inside the passage: it is found again where 200 letters of prefix precede it, past the "b".
    const edited = set.apply(set.tr.insertText('b', 1_000));
    expect(commentHighlightsKey.getState(edited)!.ranges.get(1)).toEqual({ from: 1_201, to: 3_201 });
  });
});
