import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { deploymentChannel } from '@prd/kit';
import { COLLAB_TOKEN, collabDocumentName, collabSocketPath } from '@prd/proto';
import { runningStack } from './stack.js';

const { url, state, secrets } = runningStack();

/** Content's replicas, straight (not through nginx). */
const contentReplicas = state.processes.filter((p) => p.kind === 'service' && /^content(-\d+)?$/.test(p.name)).map((p) => `http://127.0.0.1:${p.port}`);

/** Each replica's Redis extension subscribes to `<prefix>:<document>` while it has the document open. */
const documentChannel = (documentId: number) => `${deploymentChannel('collab', secrets)}:${collabDocumentName(documentId)}`;

/** An editor of `documentId` at `base` (the gateway or one replica), synced. */
async function openEditor(base: string, cookie: string, documentId: number): Promise<{ destroy: () => void }> {
  const headers = { Cookie: cookie, Origin: base };
  const socket = new HocuspocusProviderWebsocket({
    url: base.replace('http', 'ws') + collabSocketPath(documentId),
    WebSocketPolyfill: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
  });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: collabDocumentName(documentId), token: COLLAB_TOKEN, document: new Y.Doc() });
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  provider.attach();
  await synced;
  return {
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** docs/decisions/0029-live-documents-on-one-replica.md: the gateway hashes the document id of a /ws-collab URL onto one content replica. */
describe('live documents on one replica', () => {
  const redis = new Redis(state.redisUrl, { lazyConnect: true });
  const open: Array<{ destroy: () => void }> = [];
  let cookie: string;

  /** How many content replicas have the document open (are subscribed to its channel). */
  const replicasWith = async (documentId: number) => Number(((await redis.pubsub('NUMSUB', documentChannel(documentId))) as [string, number])[1]);

  async function newDocument(): Promise<number> {
    const created = await fetch(`${url}/api/documents`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
      body: JSON.stringify({ title: 'Routed', content: '# Routed\n' }),
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: number }).id;
  }

  beforeAll(async () => {
    expect(contentReplicas).toHaveLength(2);
    await redis.connect();
    const name = `route${randomBytes(4).toString('hex')}`;
    const registered = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'secret-password' }),
    });
    expect(registered.status).toBe(201);
    cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
  });
  afterAll(() => redis.quit());
  afterEach(() => {
    for (const one of open.splice(0)) one.destroy();
  });

  it('sends every connection of a document to the same replica', async () => {
    const documentId = await newDocument();
    // Round-robin would put the second of these on the other replica already.
    for (let i = 0; i < 6; i++) open.push(await openEditor(url, cookie, documentId));
    expect(await replicasWith(documentId)).toBe(1);
  });

  it('spreads different documents over both replicas', async () => {
    // Which replica the gateway chose shows once replica A opens the document too: still one subscriber if it was A.
    const [replicaA] = contentReplicas;
    const onA = new Set<boolean>();
    // Until both replicas got one: 30 documents all on one side of the hash would be odds of 1 in 500 million.
    for (let i = 0; i < 30 && onA.size < 2; i++) {
      const documentId = await newDocument();
      open.push(await openEditor(url, cookie, documentId));
      open.push(await openEditor(replicaA!, cookie, documentId));
      onA.add((await replicasWith(documentId)) === 1);
    }
    expect([...onA].sort()).toEqual([false, true]);
  });
});
