/** @jest-environment jsdom */
import '../../../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Editor } from '@tiptap/core';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattingToolbar } from './formatting-toolbar';
import { LINK_REFUSED, linkHref } from './link-rules';
import { TableToolbar } from './table-toolbar';
import { caretAfter, createEditor, markdownOf, press, select, typeText } from './test/editor-harness';
import { WritingAids } from './writing-aids';

let editor: Editor | undefined;
afterEach(() => {
  cleanup();
  editor?.destroy();
  document.body.replaceChildren();
});

describe('linkHref', () => {
  it('takes http, https and mailto addresses, and completes bare ones', () => {
    expect(linkHref(' https://example.com/a?b=1 ')).toEqual({ href: 'https://example.com/a?b=1' });
    expect(linkHref('http://intranet.example')).toEqual({ href: 'http://intranet.example' });
    expect(linkHref('mailto:ann@example.com')).toEqual({ href: 'mailto:ann@example.com' });
    expect(linkHref('example.com/pricing')).toEqual({ href: 'https://example.com/pricing' });
    expect(linkHref('ann@example.com')).toEqual({ href: 'mailto:ann@example.com' });
  });

  it('refuses every other scheme, javascript: first, with a message that says which are allowed', () => {
    for (const input of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>', 'vbscript:x', 'file:///etc/passwd', 'ftp://example.com', 'not a link', 'notes'])
      expect(linkHref(input)).toEqual({ error: LINK_REFUSED });
    expect(linkHref('   ')).toEqual({ error: 'Enter the address of the link' });
  });
});

describe('the link dialog', () => {
  it('opens on Ctrl+K, refuses a javascript: link and links the selection to an https address', async () => {
    editor = createEditor('See the pricing page.\n');
    render(<WritingAids editor={editor} canEdit canComment />);
    act(() => select(editor!, 'pricing page'));
    act(() => void press(editor!, 'k', { mod: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    const address = within(dialog).getByRole('textbox', { name: 'Link address' });
    await userEvent.type(address, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(LINK_REFUSED);
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(markdownOf(editor)).toBe('See the pricing page.\n');
    await userEvent.clear(address);
    await userEvent.type(address, 'https://example.com/pricing{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(markdownOf(editor)).toBe('See the [pricing page](https://example.com/pricing).\n');
  });

  it('edits and removes the link at the caret', async () => {
    editor = createEditor('See the [pricing page](https://example.com/old).\n');
    render(<WritingAids editor={editor} canEdit canComment />);
    act(() => caretAfter(editor!, 'pricing'));
    act(() => void press(editor!, 'k', { mod: true }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    const address = within(dialog).getByRole('textbox', { name: 'Link address' });
    expect(address).toHaveValue('https://example.com/old');
    await userEvent.clear(address);
    await userEvent.type(address, 'example.com/new{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(markdownOf(editor)).toBe('See the [pricing page](https://example.com/new).\n');

    act(() => caretAfter(editor!, 'pricing'));
    act(() => void press(editor!, 'k', { mod: true }));
    dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(markdownOf(editor)).toBe('See the pricing page.\n');
  });

  it('inserts the address as a link where nothing is selected', async () => {
    editor = createEditor('Write to\n');
    render(<WritingAids editor={editor} canEdit canComment />);
    act(() => {
      caretAfter(editor!, 'Write to');
      typeText(editor!, ' ');
    });
    act(() => void press(editor!, 'k', { mod: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Link address' }), 'ann@example.com{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(markdownOf(editor)).toBe('Write to [ann@example.com](mailto:ann@example.com)\n');
  });

  it('is not offered to someone who cannot edit', () => {
    editor = createEditor('word\n');
    editor.setEditable(false);
    render(<WritingAids editor={editor} canEdit={false} canComment />);
    act(() => select(editor!, 'word'));
    act(() => void press(editor!, 'k', { mod: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the writing aids', () => {
  it('cost the editor nothing when the page around them renders again: no transaction, no view update', async () => {
    editor = createEditor('| A | B |\n| - | - |\n| 1 | 2 |\n');
    const aids = <WritingAids editor={editor} canEdit canComment onComment={() => undefined} />;
    const view = render(aids);
    // Both menus registered (their plugins are added after the first render).
    await waitFor(() => expect(editor!.state.plugins.filter((p) => /^(formattingMenu|tableMenu)\$/.test((p as unknown as { key: string }).key))).toHaveLength(2));
    const transactions = jest.fn();
    editor.on('transaction', transactions);
    view.rerender(<WritingAids editor={editor} canEdit canComment onComment={aids.props.onComment} />);
    view.rerender(<WritingAids editor={editor} canEdit canComment onComment={aids.props.onComment} />);
    expect(transactions).not.toHaveBeenCalled();
  });
});

describe('the formatting menu', () => {
  it('shows over a selection in the focused editor', async () => {
    editor = createEditor('Some words.\n');
    render(<WritingAids editor={editor} canEdit canComment onComment={() => undefined} />);
    act(() => {
      editor!.view.focus();
      select(editor!, 'Some');
    });
    expect(await screen.findByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
  });

  it('formats the selection, every button named and showing whether its mark is on', async () => {
    editor = createEditor('Some words.\n');
    select(editor, 'Some');
    const onLink = jest.fn();
    render(<FormattingToolbar editor={editor} canEdit canComment onComment={() => undefined} onLink={onLink} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(bold);
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Italic' }));
    expect(markdownOf(editor)).toBe('**_Some_** words.\n');
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Strikethrough' }));
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Code' }));
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    expect(onLink).toHaveBeenCalledTimes(1);
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'Text style' }), 'Heading 2');
    expect(markdownOf(editor)).toMatch(/^## /);
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Task list' }));
    expect(editor.getJSON().content[0]!.type).toBe('taskList');
    expect(within(toolbar).getByRole('button', { name: 'Task list' })).toHaveAttribute('aria-pressed', 'true');
    for (const name of ['Bullet list', 'Numbered list', 'Comment']) expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
  });

  it('moves between its controls with the arrow keys, and back to the text with Escape', async () => {
    editor = createEditor('Some words.\n');
    render(<FormattingToolbar editor={editor} canEdit canComment={false} onLink={() => undefined} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    within(toolbar).getByRole('button', { name: 'Bold' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(toolbar).getByRole('combobox', { name: 'Text style' })).toHaveFocus();
    within(toolbar).getByRole('button', { name: 'Task list' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('combobox', { name: 'Text style' })).toHaveFocus();
    within(toolbar).getByRole('button', { name: 'Italic' }).focus();
    await userEvent.keyboard('{End}');
    expect(within(toolbar).getByRole('combobox', { name: 'Text style' })).toHaveFocus();
    within(toolbar).getByRole('button', { name: 'Italic' }).focus();
    await userEvent.keyboard('{Home}');
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(editor!.view.hasFocus()).toBe(true)); // TipTap focuses on the next frame
  });

  it('offers only Comment to someone who may comment but not edit', async () => {
    editor = createEditor('Some words.\n');
    const onComment = jest.fn();
    render(<FormattingToolbar editor={editor} canEdit={false} canComment onComment={onComment} onLink={() => undefined} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Comment']);
    expect(within(toolbar).queryByRole('combobox')).toBeNull();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Comment' }));
    expect(onComment).toHaveBeenCalledTimes(1);
  });
});

describe('the table controls', () => {
  const TABLE = '| Metric | Target |\n| --- | --- |\n| Conversion | 3% |\n';

  it('add and delete rows and columns, toggle the header row and delete the table', async () => {
    editor = createEditor(TABLE);
    caretAfter(editor, 'Conversion');
    render(<TableToolbar editor={editor} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Table' });
    const click = (name: string) => userEvent.click(within(toolbar).getByRole('button', { name }));
    const rows = () => markdownOf(editor!).trim().split('\n');

    await click('Add row below');
    await click('Add row above');
    expect(rows()).toHaveLength(5); // header, rule, three rows
    await click('Add column right');
    await click('Add column left');
    expect(rows()[0]!.split('|').length - 2).toBe(4);
    await click('Delete column');
    await click('Delete row');
    // The caret's cell was "Conversion": its column (Metric's) and its row went; the added ones stay.
    expect(markdownOf(editor)).toBe('|     |     | Target |\n| --- | --- | ------ |\n|     |     |        |\n|     |     |        |\n');

    const header = within(toolbar).getByRole('button', { name: 'Header row' });
    expect(header).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(header);
    expect(editor.state.doc.child(0).child(0).child(0).type.name).toBe('tableCell');
    expect(header).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(header);

    await click('Delete table');
    expect(editor.getJSON().content.some((node) => node.type === 'table')).toBe(false);
  });

  it('show while the caret is in a table, in the focused editor', async () => {
    editor = createEditor(`Intro.\n\n${TABLE}`);
    render(<WritingAids editor={editor} canEdit canComment />);
    act(() => {
      editor!.view.focus();
      caretAfter(editor!, 'Intro');
    });
    expect(screen.queryByRole('toolbar', { name: 'Table' })).toBeNull();
    act(() => caretAfter(editor!, 'Conversion'));
    expect(await screen.findByRole('toolbar', { name: 'Table' })).toBeInTheDocument();
  });
});
