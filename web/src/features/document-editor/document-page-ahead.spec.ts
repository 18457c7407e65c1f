/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { renderHook, waitFor } from '@testing-library/react';
import { createStore } from '../../app/store';
import { liveDocumentAhead, openDocumentAhead, takeLiveDocumentAhead } from './document-page-ahead';
import type { LiveDocument } from './live-document';
import { useLiveDocument } from './use-live-document';

const realFetch = globalThis.fetch;
const RealWebSocket = globalThis.WebSocket;
let sockets: string[] = [];
const opened: LiveDocument[] = [];

// The connections the live documents ask for, by address; none reaches a server.
class CountedWebSocket extends RealWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    sockets.push(String(url));
  }
}

afterEach(() => {
  globalThis.fetch = realFetch;
  window.WebSocket = RealWebSocket;
  for (const live of opened.splice(0)) live.destroy();
  void takeLiveDocumentAhead(-1);
  sockets = [];
});

function answerWith(status: number) {
  const body = status === 200 ? { id: 7, title: 'Checkout', content: '# Checkout', role: 'owner' } : { statusCode: status, message: 'Please sign in.' };
  // jsdom has no Response: what the API's fetch reads of one.
  globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue({ ok: status === 200, status, statusText: '', text: async () => JSON.stringify(body) } as Response);
  window.WebSocket = CountedWebSocket;
}

async function openedAhead(documentId: number): Promise<LiveDocument> {
  await openDocumentAhead(createStore().dispatch, documentId);
  const live = liveDocumentAhead(documentId);
  expect(live).not.toBeNull();
  opened.push(live!);
  return live!;
}

const ana = { id: 7, name: 'Ana', color: '#1677ff' };

describe('the document page opened ahead as the app starts on it', () => {
  it('connects the live document once the document could be read, for that document only', async () => {
    answerWith(200);
    const live = await openedAhead(7);
    expect(liveDocumentAhead(8)).toBeNull();
    expect(sockets).toEqual([expect.stringMatching(/\/ws-collab\b.*7/)]);
    await expect(takeLiveDocumentAhead(7)).resolves.toBe(live);
    // Taken once: later pages open their own.
    expect(liveDocumentAhead(7)).toBeNull();
    expect(takeLiveDocumentAhead(7)).toBeNull();
  });

  it('opens no connection when the document cannot be read (a visitor not signed in yet)', async () => {
    answerWith(401);
    await openDocumentAhead(createStore().dispatch, 7);
    expect(takeLiveDocumentAhead(7)).toBeNull();
    expect(sockets).toEqual([]);
  });

  it('closes what it opened when another document is taken instead', async () => {
    answerWith(200);
    const live = await openedAhead(7);
    expect(takeLiveDocumentAhead(8)).toBeNull();
    await waitFor(() => expect(live.doc.isDestroyed).toBe(true));
  });

  it('is on the page from its first render, with the user in the presence, and closed with the page', async () => {
    answerWith(200);
    const live = await openedAhead(7);
    const rendered: ReturnType<typeof useLiveDocument>[] = [];
    const { unmount } = renderHook(() => {
      rendered.push(useLiveDocument(7, ana));
    });
    expect(rendered[0]).toMatchObject({ live, me: { ...ana, colorLight: expect.any(String) } });
    await waitFor(() => expect(live.provider.awareness?.getLocalState()?.user).toMatchObject(ana));
    expect(sockets).toHaveLength(1);
    unmount();
    expect(live.doc.isDestroyed).toBe(true);
  });
});
