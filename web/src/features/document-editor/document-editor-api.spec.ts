import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createStore, type AppStore } from '../../app/store';
import { documentEditorApi, forgetPrefetchedDocument, isPrefetchedDocument, prefetchDocument } from './document-editor-api';

const realFetch = globalThis.fetch;
/** The stores a test made: their cached answers are dropped after it, and with them RTK Query's 60 s timers to drop them, which held the test worker open. */
const stores: AppStore[] = [];
const newStore = () => {
  const store = createStore();
  stores.push(store);
  return store;
};
afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(documentEditorApi.util.resetApiState());
  globalThis.fetch = realFetch;
});

function answerWith(make: () => Response) {
  const fetchMock = jest.fn<typeof fetch>().mockImplementation(() => Promise.resolve(make()));
  globalThis.fetch = fetchMock;
  return fetchMock;
}

const document7 = { id: 7, title: 'Checkout', content: '# Checkout', role: 'owner' };
const fetchedPaths = (fetchMock: ReturnType<typeof answerWith>) => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://app.test').pathname);

describe('the document fetched as the app starts on its page', () => {
  it('is fetched once: the page mounting after it takes that answer instead of asking again', async () => {
    const fetchMock = answerWith(() => Response.json(document7));
    const store = newStore();
    void prefetchDocument(store.dispatch, 7);
    expect(fetchedPaths(fetchMock)).toEqual(['/api/documents/7']);

    expect(isPrefetchedDocument(7)).toBe(true);
    // What the page's query does when it may reuse the answer (refetchOnMountOrArgChange: false).
    const mounted = store.dispatch(documentEditorApi.endpoints.getDocument.initiate(7));
    await expect(mounted.unwrap()).resolves.toMatchObject({ title: 'Checkout' });
    mounted.unsubscribe();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is used by the first mount only; later mounts and other documents fetch anew', () => {
    answerWith(() => Response.json(document7));
    void prefetchDocument(newStore().dispatch, 7);
    expect(isPrefetchedDocument(8)).toBe(false);
    // A render React starts over asks again and gets the same answer; the mount, once committed, lets it go.
    expect([isPrefetchedDocument(7), isPrefetchedDocument(7)]).toEqual([true, true]);
    forgetPrefetchedDocument(8);
    expect(isPrefetchedDocument(7)).toBe(true);
    forgetPrefetchedDocument(7);
    expect(isPrefetchedDocument(7)).toBe(false);
  });

  it('is forgotten when refused (a visitor not signed in yet), so that the page fetches it itself', async () => {
    answerWith(() => Response.json({ statusCode: 401, message: 'Please sign in.' }, { status: 401 }));
    const store = newStore();
    void prefetchDocument(store.dispatch, 7);
    await expect(store.dispatch(documentEditorApi.endpoints.getDocument.initiate(7, { subscribe: false })).unwrap()).rejects.toMatchObject({ status: 401 });
    expect(isPrefetchedDocument(7)).toBe(false);
  });
});
