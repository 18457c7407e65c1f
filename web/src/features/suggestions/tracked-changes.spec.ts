/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { documentExtensions, markdownToJson } from '@prd/doc-model';
import { Editor } from '@tiptap/core';
import { Selection } from '@tiptap/pm/state';
import { select, typeText } from '../rich-editor/aids/test/editor-harness';
import { locateInText, TrackedChanges, trackedChangesKey, type TrackedChange } from './tracked-changes';
import type { Decision } from './suggestions-api';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  document.body.replaceChildren();
});

const PRD = '# Checkout\n\nShoppers abandon carts at teh payment step. Fix the payment step first.\n\n## Goals\n\nFewer fields.\n';

function createEditor(markdown: string): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  const created = new Editor({ element, extensions: [...documentExtensions, TrackedChanges], content: markdownToJson(markdown) });
  created.view.dispatch(created.state.tr.setSelection(Selection.atEnd(created.state.doc)));
  return created;
}

const change = (id: number, exact: string, replacement: string, more: Partial<TrackedChange> = {}): TrackedChange => ({
  id,
  quote: { exact, prefix: '', suffix: '' },
  replacement,
  author: 'AI · asked by Dana',
  time: '2 minutes ago',
  outdated: false,
  ...more,
});

/** What the page shows of each suggestion: the struck passage, the inserted text, the label, the buttons. */
function shown(id: number) {
  const struck = Array.from(document.querySelectorAll(`.tracked-deletion[data-suggestion-id="${id}"]`))
    .map((e) => e.textContent)
    .join('');
  const widget = document.querySelector(`.tracked-change[data-suggestion-id="${id}"]`);
  return {
    struck,
    inserted: widget?.querySelector('ins')?.textContent ?? null,
    label: widget?.getAttribute('aria-label') ?? null,
    text: widget?.querySelector('.tracked-label')?.textContent ?? null,
    outdated: widget?.querySelector('.tracked-outdated') !== null && widget !== null,
    buttons: Array.from(widget?.querySelectorAll('button') ?? []).map((b) => b.textContent),
  };
}

/** Where the plugin has each change, as document text. */
function ranges(current: Editor): Record<number, string> {
  const state = trackedChangesKey.getState(current.state)!;
  return Object.fromEntries([...state.ranges].map(([id, { from, to }]) => [id, current.state.doc.textBetween(from, to, '|')]));
}

const noDecision = () => undefined;

describe('tracked changes in the editor', () => {
  it('strikes the quoted passage and shows the replacement beside it, labelled with its author and time, with Accept and Reject for deciders', () => {
    const onDecide = jest.fn<(id: number, decision: Decision) => void>();
    editor = createEditor(PRD);
    editor.commands.setTrackedChanges([change(4, 'teh payment', 'the payment')], true, onDecide);
    expect(shown(4)).toEqual({
      struck: 'teh payment',
      inserted: 'the payment',
      label: 'Suggestion by AI · asked by Dana',
      text: 'AI · asked by Dana · 2 minutes ago',
      outdated: false,
      buttons: ['Accept', 'Reject'],
    });
    // Decorations only: the document's text is untouched.
    expect(editor.state.doc.textContent).toContain('abandon carts at teh payment step.');
    const [accept, reject] = Array.from(document.querySelectorAll<HTMLButtonElement>('.tracked-change button'));
    accept!.click();
    reject!.click();
    expect(onDecide.mock.calls).toEqual([
      [4, 'accept'],
      [4, 'reject'],
    ]);
  });

  it('shows suggestions read-only to those who may not decide, and an outdated one marked with Reject only', () => {
    editor = createEditor(PRD);
    editor.commands.setTrackedChanges([change(1, 'Fewer fields.', 'Three fields.')], false, noDecision);
    expect(shown(1)).toMatchObject({ struck: 'Fewer fields.', inserted: 'Three fields.', buttons: [] });
    editor.commands.setTrackedChanges([change(1, 'Fewer fields.', 'Three fields.', { outdated: true })], true, noDecision);
    expect(shown(1)).toMatchObject({ outdated: true, buttons: ['Reject'] });
  });

  it('shows an insertion point as the widget alone, found even though its context is markdown', () => {
    editor = createEditor(PRD);
    const insertion = change(2, '', 'Checkout takes one page.', { quote: { exact: '', prefix: '## Goals\n\n', suffix: 'Fewer fields.\n' } });
    editor.commands.setTrackedChanges([insertion], true, noDecision);
    expect(shown(2)).toMatchObject({ struck: '', inserted: 'Checkout takes one page.' });
    const { from, to } = trackedChangesKey.getState(editor.state)!.ranges.get(2)!;
    expect(from).toBe(to);
    expect(editor.state.doc.textBetween(from, from + 'Fewer'.length)).toBe('Fewer');
  });

  it('shows a suggestion of whole markdown lines (suggesting mode, the chat) over their text, and keeps it through typing', () => {
    editor = createEditor(PRD);
    const line = change(5, '## Goals\n\nFewer fields.\n', '## Goals\n\nFewer fields. One page.\n');
    editor.commands.setTrackedChanges([line], true, noDecision);
    expect(ranges(editor)).toEqual({ 5: 'Goals|Fewer fields.' });
    editor.commands.setTextSelection(1);
    typeText(editor, 'New ');
    expect(ranges(editor)).toEqual({ 5: 'Goals|Fewer fields.' });
    expect(shown(5)).toMatchObject({ struck: 'GoalsFewer fields.' });
  });

  it('draws a passage that spans formatting, found by its text without the markdown syntax', () => {
    editor = createEditor('# Checkout\n\nShip the **fast** path with [a link](https://example.com) and `code` today.\n');
    editor.commands.setTrackedChanges([change(6, 'the **fast** path with [a link](https://example.com) and `code`', 'the quick path')], true, noDecision);
    expect(ranges(editor)).toEqual({ 6: 'the fast path with a link and code' });
    expect(shown(6).struck).toBe('the fast path with a link and code');
  });

  it('shows the replacement as it will read: inline formatting within a line, whole lines as their blocks, never raw HTML', () => {
    editor = createEditor(PRD);
    editor.commands.setTrackedChanges(
      [change(7, 'teh payment', 'the **card** payment <img src=x onerror="alert(1)">'), change(8, '## Goals\n\nFewer fields.\n', '## Goals\n\n- Fewer fields\n- One page\n')],
      true,
      noDecision,
    );
    const inline = document.querySelector('.tracked-change[data-suggestion-id="7"] ins')!;
    expect(inline.className).toBe('tracked-insertion');
    expect(inline.querySelector('strong')?.textContent).toBe('card');
    expect(inline.innerHTML).not.toContain('onerror');
    const blocks = document.querySelector('.tracked-change[data-suggestion-id="8"] ins')!;
    expect(blocks.className).toBe('tracked-insertion tracked-insertion-blocks');
    expect(blocks.querySelector('h2')?.textContent).toBe('Goals');
    expect(Array.from(blocks.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['Fewer fields', 'One page']);
  });

  it('draws nothing for a suggestion whose passage is not in the text', () => {
    editor = createEditor(PRD);
    editor.commands.setTrackedChanges([change(3, 'a passage nobody wrote', 'x'), change(4, 'teh', 'the')], true, noDecision);
    expect(ranges(editor)).toEqual({ 4: 'teh' });
    expect(document.querySelector('[data-suggestion-id="3"]')).toBeNull();
  });

  it('follows the passage through typing before it and a change that replaces the whole document (a remote edit through the binding)', () => {
    editor = createEditor(PRD);
    editor.commands.setTrackedChanges([change(4, 'teh payment', 'the payment')], true, noDecision);
    editor.commands.setTextSelection(1);
    typeText(editor, 'New ');
    expect(ranges(editor)).toEqual({ 4: 'teh payment' });
    const next = editor.schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Added above by someone else.' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Shoppers abandon carts at teh payment step.' }] },
      ],
    });
    editor.view.dispatch(editor.state.tr.replaceWith(0, editor.state.doc.content.size, next.content));
    expect(ranges(editor)).toEqual({ 4: 'teh payment' });
    expect(shown(4)).toMatchObject({ struck: 'teh payment', inserted: 'the payment' });
  });

  it('stops showing a passage someone edited, and does not search the text for it again per keystroke, only when the list changes', () => {
    editor = createEditor(PRD);
    const typo = change(4, 'teh payment', 'the payment');
    editor.commands.setTrackedChanges([typo], true, noDecision);
    select(editor, 'teh');
    typeText(editor, 'the');
    expect(ranges(editor)).toEqual({});
    expect(document.querySelector('[data-suggestion-id="4"]')).toBeNull();
    // Typed back, the passage is not searched for by the keystroke: the next list (a refetch) finds it.
    select(editor, 'the payment');
    typeText(editor, 'teh payment');
    expect(ranges(editor)).toEqual({});
    editor.commands.setTrackedChanges([typo], true, noDecision);
    expect(ranges(editor)).toEqual({ 4: 'teh payment' });
  });

  it("shows Ask AI's streamed answer over the selection until the stored suggestion is listed", () => {
    editor = createEditor(PRD);
    select(editor, 'teh payment');
    const { from, to } = editor.state.selection;
    editor.commands.setSuggestionPreview({ from, to, text: '' });
    editor.commands.setSuggestionPreview({ text: 'the' });
    editor.commands.setSuggestionPreview({ text: 'the payment' });
    const preview = () => document.querySelector('.tracked-change-preview ins')?.textContent ?? null;
    expect(preview()).toBe('the payment');
    expect(document.querySelector('.tracked-deletion')?.textContent).toBe('teh payment');
    // Typing before it moves it along.
    editor.commands.setTextSelection(1);
    typeText(editor, 'My ');
    expect(preview()).toBe('the payment');
    editor.commands.setSuggestionPreview({ doneAs: 9 });
    expect(preview()).toBe('the payment');
    editor.commands.setTrackedChanges([change(8, 'Fewer', 'Less')], true, noDecision);
    expect(preview()).toBe('the payment');
    editor.commands.setTrackedChanges([change(9, 'teh payment', 'the payment')], true, noDecision);
    expect(preview()).toBeNull();
    expect(shown(9)).toMatchObject({ struck: 'teh payment', inserted: 'the payment' });
  });

  it('ends the preview of a stored suggestion that someone decided before the asker’s list held it', () => {
    editor = createEditor(PRD);
    select(editor, 'teh payment');
    const { from, to } = editor.state.selection;
    editor.commands.setSuggestionPreview({ from, to, text: 'the payment' });
    editor.commands.setSuggestionPreview({ doneAs: 9 });
    // The list fetched after the answer: suggestion 9 was already rejected, so it is not there.
    editor.commands.setTrackedChanges([], true, noDecision);
    const preview = () => document.querySelector('.tracked-change-preview ins')?.textContent ?? null;
    expect(preview()).toBe('the payment');
    editor.commands.setSuggestionPreview({ settled: 8 });
    expect(preview()).toBe('the payment');
    editor.commands.setSuggestionPreview({ settled: 9 });
    expect(preview()).toBeNull();
    expect(document.querySelector('.tracked-deletion')).toBeNull();
  });
});

describe('locateInText', () => {
  it('finds a replaced passage by its quote, and an insertion point by its context, whole or by its last and first lines', () => {
    const text = 'CheckoutShoppers abandon carts.GoalsFewer fields.';
    expect(locateInText(text, { exact: 'carts', prefix: '', suffix: '' })).toEqual({ start: 25, end: 30 });
    expect(locateInText(text, { exact: '', prefix: 'carts.', suffix: 'Goals' })).toEqual({ start: 31, end: 31 });
    expect(locateInText(text, { exact: '', prefix: '## Goals\n\n', suffix: '' })).toEqual({ start: 36, end: 36 });
    expect(locateInText(text, { exact: '', prefix: '\n\n', suffix: 'Fewer fields.\n' })).toEqual({ start: 36, end: 36 });
    // Whole markdown lines, as suggesting mode and the chat quote them: found by the text the editor holds.
    expect(locateInText(text, { exact: 'Shoppers abandon carts.\n', prefix: '# Checkout\n\n', suffix: '\n## Goals\n' })).toEqual({ start: 8, end: 31 });
    expect(locateInText(text, { exact: '## Goals\n\nFewer fields.\n', prefix: '', suffix: '' })).toEqual({ start: 31, end: 49 });
    expect(locateInText(text, { exact: 'gone', prefix: '', suffix: '' })).toBeNull();
    expect(locateInText(text, { exact: '', prefix: 'nowhere', suffix: 'nothing' })).toBeNull();
  });
});
