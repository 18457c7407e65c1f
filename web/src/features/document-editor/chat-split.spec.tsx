/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_WIDTH, storedChatPanel } from './chat-panel-state';
import { ChatSplit } from './chat-split';

/** A screen `width` pixels wide: antd's breakpoints ask matchMedia for `(min-width: …)`. */
function screenOf(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
    },
  });
}

const page = () => render(<ChatSplit document={<p>The document</p>} chat={<p>The chat</p>} />);

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ChatSplit', () => {
  it('puts the chat beside the document at 40% on a wide screen, resized from the keyboard and remembered', async () => {
    screenOf(1440);
    page();
    const handle = screen.getByRole('separator', { name: 'Resize the AI chat' });
    expect(handle).toHaveAttribute('aria-valuenow', String(CHAT_WIDTH.initial));
    handle.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '44');
    await userEvent.keyboard('{End}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', String(CHAT_WIDTH.min));
    expect(storedChatPanel().width).toBe(CHAT_WIDTH.min);
    cleanup();
    page();
    expect(screen.getByRole('separator', { name: 'Resize the AI chat' })).toHaveAttribute('aria-valuenow', String(CHAT_WIDTH.min));
  });

  it('hides and shows the chat, keeping it mounted, and remembers that too', async () => {
    screenOf(1440);
    page();
    await userEvent.click(screen.getByRole('button', { name: 'Hide AI chat' }));
    expect(screen.queryByRole('separator')).toBeNull();
    expect(screen.getByText('The chat')).not.toBeVisible();
    expect(storedChatPanel().collapsed).toBe(true);
    cleanup();
    page();
    const show = screen.getByRole('button', { name: 'Show AI chat' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(screen.getByText('The chat')).toBeVisible();
  });

  it('on a phone shows the document first, the chat a tab beside it, opened by click or arrow key and kept mounted', async () => {
    screenOf(390);
    page();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Document', 'AI chat']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Document' })).toHaveTextContent('The document');
    // Not rendered until its tab is first opened.
    expect(screen.queryByText('The chat')).toBeNull();
    await userEvent.click(tabs[1]!);
    expect(screen.getByRole('tabpanel', { name: 'AI chat' })).toHaveTextContent('The chat');
    expect(screen.getByText('The document')).not.toBeVisible();
    // One tab stop; the arrow keys move between the tabs and select them.
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0]);
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('The document')).toBeVisible();
    // The chat stays mounted behind its tab: its conversation goes on.
    expect(screen.getByText('The chat')).not.toBeVisible();
    await userEvent.keyboard('{End}');
    expect(tabs[1]).toHaveFocus();
    expect(screen.getByText('The chat')).toBeVisible();
  });

  it('reads only sensible stored choices', () => {
    const stored = (value: string) => storedChatPanel({ getItem: () => value });
    expect(stored('{"width": 90, "collapsed": true}')).toEqual({ width: CHAT_WIDTH.max, collapsed: true });
    expect(stored('not json')).toEqual({ width: CHAT_WIDTH.initial, collapsed: false });
    expect(stored('{"width": "wide"}')).toEqual({ width: CHAT_WIDTH.initial, collapsed: false });
  });
});
