/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';

afterEach(cleanup);

// What the gateway's include puts in the prerendered page (docs/decisions/0051-document-first-screen-from-the-server.md),
// there as the page's code loads: the module reads it then.
const SERVER_HTML = '<h1>Launch plan</h1><p>We ship <strong>on time</strong>.</p>';
window.history.replaceState(null, '', '/documents/7');
document.body.innerHTML = `<div id="opened"><article id="document-first-screen">${SERVER_HTML}</article></div>`;
const { DocumentLoading, FIRST_SCREEN_ID, forgetFirstScreen } = await import('./first-screen');
document.getElementById('opened')!.remove();
const firstScreen = () => document.getElementById(FIRST_SCREEN_ID)!;

describe("a document page's loading state, with the first screen the server sent", () => {
  it('hydrates the prerendered markup with the text the gateway put in it, without a mismatch, in place of the spinner', async () => {
    // The markup as the build prerenders it (no text yet: rendered before any page existed), then as the gateway fills it.
    const prerendered = render(<DocumentLoading documentId={null} />);
    const markup = prerendered.container.innerHTML;
    prerendered.unmount();
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    firstScreen().innerHTML = SERVER_HTML;
    // React keeps the server's HTML either way; a render that differs from it is reported (in development) as an error.
    const errors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const root = await act(async () => hydrateRoot(container, <DocumentLoading documentId={7} />, { onRecoverableError: (error) => errors.push(error) }));
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    expect(firstScreen().innerHTML).toBe(SERVER_HTML);
    expect(firstScreen().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Launch plan' })).toBeTruthy();
    act(() => root.unmount());
    container.remove();
  });

  it('shows no server text for another document, nor once the page has fetched the document itself', () => {
    const { unmount } = render(<DocumentLoading documentId={8} />);
    expect(screen.getByRole('status').textContent).toBe('Loading document...');
    expect(firstScreen().innerHTML).toBe('');
    unmount();
    render(<DocumentLoading documentId={7} />);
    expect(firstScreen().innerHTML).toBe(SERVER_HTML);
    cleanup();
    forgetFirstScreen();
    render(<DocumentLoading documentId={7} />);
    expect(firstScreen().innerHTML).toBe('');
  });
});
