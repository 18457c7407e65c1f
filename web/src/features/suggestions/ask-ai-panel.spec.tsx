/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Editor } from '@tiptap/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattingToolbar } from '../rich-editor/aids/formatting-toolbar';
import { createEditor, select } from '../rich-editor/aids/test/editor-harness';

let editor: Editor | undefined;
afterEach(() => {
  cleanup();
  editor?.destroy();
  document.body.replaceChildren();
});

describe('Ask AI in the selection menu', () => {
  it('offers the presets and an instruction of one’s own, each asked once, the selection kept', async () => {
    const user = userEvent.setup();
    const onAskAi = jest.fn<(instruction: string) => void>();
    editor = createEditor('We ship teh beta in May.\n');
    select(editor, 'teh beta');
    render(<FormattingToolbar editor={editor} canEdit={false} canComment onComment={() => undefined} onAskAi={onAskAi} onLink={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const panel = screen.getByRole('group', { name: 'Ask AI' });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Improve writing', 'Shorten', 'Expand', 'Make it measurable', 'Fix spelling and grammar', 'Ask']);
    await user.click(within(panel).getByRole('button', { name: 'Fix spelling and grammar' }));
    expect(onAskAi).toHaveBeenCalledWith('Fix spelling and grammar');
    expect(screen.queryByRole('group', { name: 'Ask AI' })).toBeNull();
    expect(editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to)).toBe('teh beta');

    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const ask = screen.getByRole('button', { name: 'Ask' });
    expect(ask).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Instruction for the AI' }), '  Say it for engineers {Enter}');
    expect(onAskAi).toHaveBeenLastCalledWith('Say it for engineers');
    expect(onAskAi).toHaveBeenCalledTimes(2);
  });

  it('is not offered without the right to ask (viewers)', () => {
    editor = createEditor('We ship the beta in May.\n');
    select(editor, 'beta');
    render(<FormattingToolbar editor={editor} canEdit={false} canComment={false} onLink={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Ask AI' })).toBeNull();
  });
});
