/** @jest-environment jsdom */
import '../../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Editor } from '@tiptap/core';
import { screen, waitFor, within } from '@testing-library/react';
import { filterSlashCommands } from './slash-commands';
import { createEditor, markdownOf, press, typeText } from './test/editor-harness';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  document.body.replaceChildren();
});

/** Opens the "/" menu with `query` typed after it and waits until it lists `option`. */
async function openMenu(query: string, option: string) {
  typeText(editor!, `/${query}`);
  const menu = await screen.findByRole('listbox', { name: 'Insert block' });
  await waitFor(() => expect(within(menu).getByRole('option', { name: option, selected: true })).toBeInTheDocument());
  return menu;
}

describe('the "/" block menu', () => {
  it.each([
    ['Heading 1', 'h1', '# Goals\n'],
    ['Heading 2', 'h2', '## Goals\n'],
    ['Heading 3', 'h3', '### Goals\n'],
    ['Bullet list', 'bullet', '- Goals\n'],
    ['Numbered list', 'numbered', '1. Goals\n'],
    ['Task list', 'task', '- [ ] Goals\n'],
    ['Code block', 'code', '```\nGoals\n```\n'],
    ['Quote', 'quote', '> Goals\n'],
  ])('inserts a %s where "/" was typed, in the markdown a user expects', async (option, query, markdown) => {
    editor = createEditor();
    await openMenu(query, option);
    press(editor, 'Enter');
    typeText(editor, 'Goals');
    expect(markdownOf(editor)).toBe(markdown);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('inserts a 3×3 table with a header row, the caret in its first cell', async () => {
    editor = createEditor('Intro.\n\n');
    press(editor, 'Enter');
    await openMenu('table', 'Table');
    press(editor, 'Enter');
    typeText(editor, 'Name');
    expect(markdownOf(editor)).toBe('Intro.\n\n| Name |     |     |\n| ---- | --- | --- |\n|      |     |     |\n|      |     |     |\n');
  });

  it('inserts a divider after the paragraph it was typed in', async () => {
    editor = createEditor('Intro.\n');
    press(editor, 'Enter');
    await openMenu('divider', 'Divider');
    press(editor, 'Enter');
    typeText(editor, 'After');
    expect(markdownOf(editor)).toBe('Intro.\n\n---\n\nAfter\n');
  });

  it('moves through the options with Up and Down (wrapping), naming the active one to assistive technology', async () => {
    editor = createEditor();
    const menu = await openMenu('', 'Heading 1');
    press(editor, 'ArrowUp');
    const last = within(menu).getByRole('option', { name: 'Divider' });
    expect(last).toHaveAttribute('aria-selected', 'true');
    expect(editor.view.dom).toHaveAttribute('aria-activedescendant', last.id);
    expect(editor.view.dom).toHaveAttribute('aria-controls', menu.id);
    press(editor, 'ArrowDown');
    press(editor, 'ArrowDown');
    expect(within(menu).getByRole('option', { name: 'Heading 2', selected: true })).toBeInTheDocument();
    press(editor, 'Enter');
    typeText(editor, 'Scope');
    expect(markdownOf(editor)).toBe('## Scope\n');
    expect(editor.view.dom).not.toHaveAttribute('aria-activedescendant');
  });

  it('closes on Escape and leaves what was typed as text', async () => {
    editor = createEditor();
    await openMenu('tab', 'Table');
    press(editor, 'Escape');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(markdownOf(editor)).toBe('/tab\n');
  });

  it('says so when nothing matches, and Enter then breaks the line as usual', async () => {
    editor = createEditor();
    typeText(editor, '/zzz');
    const menu = await screen.findByRole('listbox', { name: 'Insert block' });
    await waitFor(() => expect(within(menu).getByRole('option', { name: 'No matching block' })).toHaveAttribute('aria-disabled', 'true'));
    press(editor, 'Enter');
    expect(editor.state.doc.childCount).toBe(2);
  });

  it('does not open inside a word or in code', async () => {
    editor = createEditor('```\ncode\n```\n');
    editor.commands.focus('end');
    typeText(editor, ' /');
    editor.commands.setContent('<p>and/or</p>');
    editor.commands.focus('end');
    typeText(editor, '/');
    await Promise.resolve();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('filterSlashCommands', () => {
  const titles = (query: string) => filterSlashCommands(query).map((command) => command.title);

  it('filters by a word of the title or a keyword, as one types', () => {
    expect(titles('')).toHaveLength(10);
    expect(titles('head')).toEqual(['Heading 1', 'Heading 2', 'Heading 3']);
    expect(titles('h2')).toEqual(['Heading 2']);
    expect(titles('list')).toEqual(['Bullet list', 'Numbered list', 'Task list']);
    expect(titles('todo')).toEqual(['Task list']);
    expect(titles('TA')).toEqual(['Task list', 'Table']);
    expect(titles('hr')).toEqual(['Divider']);
    expect(titles('nothing')).toEqual([]);
  });
});
