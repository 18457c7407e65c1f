/** @jest-environment jsdom */
import '../../../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Editor } from '@tiptap/core';
import { openLinkDialogKey } from './shortcuts';
import { createEditor, markdownOf, press, select, typeText } from './test/editor-harness';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  document.body.replaceChildren();
});

describe('keyboard shortcuts of the editor (StarterKit, as the document model configures it, and the writing aids)', () => {
  it.each([
    ['Ctrl+B', 'b', { mod: true }, '**word** here\n'],
    ['Ctrl+I', 'i', { mod: true }, '_word_ here\n'],
    ['Ctrl+Shift+S', 's', { mod: true, shift: true }, '~~word~~ here\n'],
    ['Ctrl+E', 'e', { mod: true }, '`word` here\n'],
  ])('%s marks the selection', (_name, key, modifiers, markdown) => {
    editor = createEditor('word here\n');
    select(editor, 'word');
    expect(press(editor, key, modifiers).defaultPrevented).toBe(true);
    expect(markdownOf(editor)).toBe(markdown);
  });

  it.each([
    ['Ctrl+Shift+7', '7', { mod: true, shift: true }, '1. Line\n'],
    ['Ctrl+Shift+8', '8', { mod: true, shift: true }, '- Line\n'],
    ['Ctrl+Shift+9', '9', { mod: true, shift: true }, '- [ ] Line\n'],
    ['Ctrl+Alt+1', '1', { mod: true, alt: true }, '# Line\n'],
    ['Ctrl+Alt+2', '2', { mod: true, alt: true }, '## Line\n'],
    ['Ctrl+Alt+3', '3', { mod: true, alt: true }, '### Line\n'],
  ])('%s turns the line into its block', (_name, key, modifiers, markdown) => {
    editor = createEditor('Line\n');
    expect(press(editor, key, modifiers).defaultPrevented).toBe(true);
    expect(markdownOf(editor)).toBe(markdown);
  });

  it('Ctrl+K asks for the link dialog', () => {
    editor = createEditor('word\n');
    const asked = jest.fn();
    editor.on('transaction', ({ transaction }) => {
      if (transaction.getMeta(openLinkDialogKey)) asked();
    });
    expect(press(editor, 'k', { mod: true }).defaultPrevented).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('Ctrl+Alt+M comments on a selection, and leaves the key alone without one', () => {
    const onComment = jest.fn();
    editor = createEditor('word\n', { onComment });
    expect(press(editor, 'm', { mod: true, alt: true }).defaultPrevented).toBe(false);
    select(editor, 'word');
    expect(press(editor, 'm', { mod: true, alt: true }).defaultPrevented).toBe(true);
    expect(onComment).toHaveBeenCalledTimes(1);
  });
});

describe('markdown input rules', () => {
  it.each([
    ['## ', '## Scope\n'],
    ['# ', '# Scope\n'],
    ['- ', '- Scope\n'],
    ['1. ', '1. Scope\n'],
    ['> ', '> Scope\n'],
    ['- [ ] ', '- [ ] Scope\n'],
    ['- [x] ', '- [x] Scope\n'],
    ['[ ] ', '- [ ] Scope\n'],
  ])('"%s" typed at the start of a line makes its block', (prefix, markdown) => {
    editor = createEditor();
    typeText(editor, `${prefix}Scope`);
    expect(markdownOf(editor)).toBe(markdown);
  });

  it('"[ ] " typed in the second bullet of a list makes that item a task of its own list', () => {
    editor = createEditor('- First\n');
    press(editor, 'Enter');
    typeText(editor, '[ ] Second');
    expect(markdownOf(editor)).toBe('- First\n\n- [ ] Second\n');
  });
});
