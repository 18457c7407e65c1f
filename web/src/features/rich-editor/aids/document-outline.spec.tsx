/** @jest-environment jsdom */
import '../../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Editor } from '@tiptap/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentOutline, headings } from './document-outline';
import { createEditor, typeText } from './test/editor-harness';

let editor: Editor | undefined;
afterEach(() => {
  cleanup();
  editor?.destroy();
  document.body.replaceChildren();
});

const PRD = '# Checkout\n\nIntro.\n\n## Goals\n\nFewer drop-offs.\n\n### Metrics\n\nConversion.\n\n## Scope\n\nPhones first.\n';

describe('the document outline', () => {
  it('lists the headings in order as a navigation named Outline, nested by level', () => {
    editor = createEditor(PRD);
    render(<DocumentOutline editor={editor} />);
    const outline = screen.getByRole('navigation', { name: 'Outline' });
    const items = within(outline).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual(['Checkout', 'Goals', 'Metrics', 'Scope']);
    expect(items.map((item) => item.parentElement!.style.paddingInlineStart)).toEqual(['0px', '12px', '24px', '12px']);
  });

  it('puts the caret at the heading and scrolls to it on a click or Enter', async () => {
    editor = createEditor(PRD);
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    render(<DocumentOutline editor={editor} />);
    await userEvent.click(screen.getByRole('button', { name: 'Metrics' }));
    expect(editor.state.selection.$from.parent.textContent).toBe('Metrics');
    expect(editor.state.selection.$from.parentOffset).toBe(0);
    expect(scrolled).toEqual(['Metrics']);
    screen.getByRole('button', { name: 'Scope' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(editor.state.selection.$from.parent.textContent).toBe('Scope');
    expect(scrolled).toEqual(['Metrics', 'Scope']);
  });

  it('follows the document as headings are typed, once typing pauses, and stays hidden below three headings', async () => {
    editor = createEditor('# One\n\n## Two\n\nText.\n');
    render(<DocumentOutline editor={editor} />);
    expect(screen.queryByRole('navigation', { name: 'Outline' })).toBeNull();
    act(() => typeText(editor!, ' more'));
    act(() => {
      editor!.commands.enter();
      typeText(editor!, '## Three');
    });
    // Not read during the keystrokes: the outline comes once they pause, as read from the whole document.
    expect(screen.queryByRole('navigation', { name: 'Outline' })).toBeNull();
    const outline = await screen.findByRole('navigation', { name: 'Outline' });
    expect(
      within(outline)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(headings(editor.state.doc).map((heading) => heading.text));
    expect(
      within(outline)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['One', 'Two', 'Three']);
  });
});
