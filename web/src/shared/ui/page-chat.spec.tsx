/** @jest-environment jsdom */
import '../../test/dom-setup';
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { usePageChatShown, useShowsPageChat } from './page-chat';

function Launcher() {
  return <p>{usePageChatShown() ? 'hidden' : 'launcher'}</p>;
}

function Page({ visible }: { visible: boolean }) {
  useShowsPageChat(visible);
  return null;
}

describe('page chat', () => {
  it('hides the launcher while a page shows its own chat, and shows it again once the chat is hidden or the page is left', () => {
    const view = render(
      <>
        <Launcher />
        <Page visible />
      </>,
    );
    expect(screen.getByText('hidden')).toBeTruthy();
    view.rerender(
      <>
        <Launcher />
        <Page visible={false} />
      </>,
    );
    expect(screen.getByText('launcher')).toBeTruthy();
    view.rerender(
      <>
        <Launcher />
        <Page visible />
      </>,
    );
    expect(screen.getByText('hidden')).toBeTruthy();
    view.rerender(<Launcher />);
    expect(screen.getByText('launcher')).toBeTruthy();
  });
});
