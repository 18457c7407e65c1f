/** @jest-environment jsdom */
import '../../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Editor } from '@tiptap/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { headings, OutlineMenu } from './document-outline';
import { createEditor, typeText } from './test/editor-harness';

let editor: Editor | undefined;
afterEach(() => {
  cleanup();
  editor?.destroy();
  document.body.replaceChildren();
});

const PRD = '# Checkout\n\nIntro.\n\n## Goals\n\nFewer drop-offs.\n\n### Metrics\n\nConversion.\n\n## Scope\n\nPhones first.\n';

/** Opens the toolbar's Outline menu and returns its items' labels. */
async function openOutline(): Promise<HTMLElement[]> {
  await userEvent.click(screen.getByRole('button', { name: 'Outline' }));
  const menu = await screen.findByRole('menu', { name: 'Outline' });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.querySelector('span[style]') as HTMLElement);
}

describe('the document outline', () => {
  it('lists the headings in order in a menu named Outline, indented by level', async () => {
    editor = createEditor(PRD);
    render(<OutlineMenu editor={editor} />);
    const labels = await openOutline();
    expect(labels.map((label) => label.textContent)).toEqual(['Checkout', 'Goals', 'Metrics', 'Scope']);
    expect(labels.map((label) => label.style.paddingInlineStart)).toEqual(['0px', '12px', '24px', '12px']);
  });

  it('puts the caret at the chosen heading and scrolls to it', async () => {
    editor = createEditor(PRD);
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    render(<OutlineMenu editor={editor} />);
    await openOutline();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Metrics' }));
    expect(editor.state.selection.$from.parent.textContent).toBe('Metrics');
    expect(editor.state.selection.$from.parentOffset).toBe(0);
    expect(scrolled).toEqual(['Metrics']);
    await openOutline();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Scope' }));
    expect(editor.state.selection.$from.parent.textContent).toBe('Scope');
    expect(scrolled).toEqual(['Metrics', 'Scope']);
  });

  it('follows the document as headings are typed, once typing pauses, and is not offered below three headings', async () => {
    editor = createEditor('# One\n\n## Two\n\nText.\n');
    render(<OutlineMenu editor={editor} />);
    expect(screen.queryByRole('button', { name: 'Outline' })).toBeNull();
    act(() => typeText(editor!, ' more'));
    act(() => {
      editor!.commands.enter();
      typeText(editor!, '## Three');
    });
    // Not read during the keystrokes: the outline comes once they pause, as read from the whole document.
    expect(screen.queryByRole('button', { name: 'Outline' })).toBeNull();
    await screen.findByRole('button', { name: 'Outline' });
    const labels = await openOutline();
    expect(labels.map((label) => label.textContent)).toEqual(headings(editor.state.doc).map((heading) => heading.text));
    expect(labels.map((label) => label.textContent)).toEqual(['One', 'Two', 'Three']);
  });
});
