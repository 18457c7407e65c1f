import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { documentFragment, yFragmentToMarkdown } from '@prd/doc-model';
import { COLLAB_PATH, COLLAB_TOKEN, collabDocumentName } from '@prd/proto';
import { runningStack } from './stack.js';

const { url } = runningStack();
const socketUrl = url.replace('http', 'ws') + COLLAB_PATH;

/** The status of an upgrade of `/ws-collab`: 101 when it became a WebSocket. */
function upgrade(headers: Record<string, string>, path = COLLAB_PATH): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url.replace('http', 'ws') + path, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    ws.once('error', () => resolve(0));
  });
}

/** A browser's editor: the provider with the page's cookie and Origin, through nginx. */
function editor(cookie: string, documentId: number) {
  const headers = { Cookie: cookie, Origin: url };
  const socket = new HocuspocusProviderWebsocket({
    url: socketUrl,
    WebSocketPolyfill: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
  });
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: collabDocumentName(documentId), token: COLLAB_TOKEN, document: doc });
  provider.attach();
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return {
    doc,
    synced,
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Resolves with the markdown of the editor's document (as content derives it) once it satisfies `done`, checked after every change. */
function untilMarkdown(doc: Y.Doc, done: (value: string) => boolean): Promise<string> {
  const fragment = documentFragment(doc);
  return new Promise((resolve) => {
    const check = () => {
      const markdown = yFragmentToMarkdown(doc);
      if (!done(markdown)) return;
      fragment.unobserveDeep(check);
      resolve(markdown);
    };
    fragment.observeDeep(check);
    check();
  });
}

/** docs/decisions/0022-co-editing-with-hocuspocus.md through the gateway: `/ws-collab` reaches content's Hocuspocus on either replica. */
describe('live co-editing through the gateway', () => {
  let cookie: string;
  let documentId: number;
  const editors: Array<{ destroy: () => void }> = [];

  beforeAll(async () => {
    const name = `collab${randomBytes(4).toString('hex')}`;
    const registered = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'secret-password' }),
    });
    expect(registered.status).toBe(201);
    cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
    const created = await fetch(`${url}/api/documents`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
      body: JSON.stringify({ title: 'Through nginx', content: '# Live\n' }),
    });
    expect(created.status).toBe(201);
    documentId = ((await created.json()) as { id: number }).id;
  });
  afterAll(() => {
    for (const one of editors) one.destroy();
  });

  it('syncs two editors through nginx with the session cookie and the page Origin', async () => {
    const a = editor(cookie, documentId);
    const b = editor(cookie, documentId);
    editors.push(a, b);
    await Promise.all([a.synced, b.synced]);
    expect(yFragmentToMarkdown(a.doc)).toBe('# Live\n');
    // A new paragraph, as pressing Enter and typing makes it.
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('From A.')]);
    documentFragment(a.doc).push([paragraph]);
    expect(await untilMarkdown(b.doc, (value) => value.includes('From A.'))).toBe('# Live\n\nFrom A.\n');
  });

  it('refuses the upgrade without an Origin, from another site, or without a session', async () => {
    expect(await upgrade({ Cookie: cookie })).toBe(403);
    expect(await upgrade({ Cookie: cookie, Origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade({ Origin: url })).toBe(401);
    expect(await upgrade({ Cookie: cookie, Origin: url })).toBe(101);
  });

  it('refuses the path written in another case', async () => {
    expect(await upgrade({ Cookie: cookie, Origin: url }, '/WS-collab')).toBe(400);
  });
});
