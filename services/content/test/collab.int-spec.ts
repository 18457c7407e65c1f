import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { browserRequest as request } from '@prd/kit/testing';
import { COLLAB_CLOSE, COLLAB_REFUSED, collabDocumentName } from '@prd/proto';
import { startContent, type ContentService } from '@prd/testing/content';
import { startIdentityForPeers, signUp, type IdentityService, type TestUser } from '@prd/testing/identity';
import { CollabServer } from '../src/collab/collab.server.js';
import { collabUrl, connect, nextStore, untilAwareness, untilText, type CollabClient } from './collab-clients.js';
import { internalHeaders } from './content-stack.js';

type Named = TestUser & { username: string };

/**
 * docs/decisions/0022-co-editing-with-hocuspocus.md over two real content replicas on one database and one Redis: Hocuspocus clients
 * in Node, as the browser's provider connects, with the session cookie and the page's Origin.
 */
describe('live co-editing across two content replicas', () => {
  let identity: IdentityService;
  let one: ContentService;
  let two: ContentService;
  let owner: Named;
  let colleague: Named;
  let stranger: Named;
  const clients: CollabClient[] = [];

  const open = (replica: ContentService, user: TestUser, documentId: number): CollabClient => {
    const client = connect(replica.url, user.cookie, documentId);
    clients.push(client);
    return client;
  };

  async function named(): Promise<Named> {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await signUp(identity, username)), username };
  }

  async function document(content: string): Promise<number> {
    const res = await request(one.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Live PRD', content }).expect(201);
    return res.body.id as number;
  }

  const share = (documentId: number, user: Named, role: string) =>
    request(one.url).post(`/api/documents/${documentId}/shares`).set('Cookie', owner.cookie).send({ login: user.username, role }).expect(201);

  const stored = async (documentId: number) => (await request(two.url).get(`/api/documents/${documentId}`).set('Cookie', owner.cookie).expect(200)).body.content as string;

  beforeAll(async () => {
    identity = await startIdentityForPeers();
    one = await startContent(identity);
    two = await startContent(identity, { DATABASE_URL: one.config.DATABASE_URL });
    [owner, colleague, stranger] = [await named(), await named(), await named()];
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await identity.close();
  });

  it('starts from the stored markdown and converges after interleaved edits on two replicas', async () => {
    const id = await document('# Checkout\n\nGoals\n');
    await share(id, colleague, 'editor');
    const a = open(one, owner, id);
    const b = open(two, colleague, id);
    await Promise.all([a.synced, b.synced]);
    expect(a.text.toString()).toBe('# Checkout\n\nGoals\n');
    expect(b.text.toString()).toBe('# Checkout\n\nGoals\n');
    expect(await a.scope).toBe('read-write');

    for (let i = 0; i < 5; i++) {
      a.text.insert(0, `a${i} `);
      b.text.insert(b.text.length, `b${i}\n`);
    }
    const done = (value: string) => [0, 1, 2, 3, 4].every((i) => value.includes(`a${i} `) && value.includes(`b${i}\n`));
    const [fromA, fromB] = await Promise.all([untilText(a.text, done), untilText(b.text, done)]);
    await untilText(a.text, (value) => value === b.text.toString());
    expect(fromA.length).toBe(fromB.length);
    expect(a.text.toString()).toBe(b.text.toString());
  });

  it('stores the markdown of the editor text after the debounce, as one revision of the session', async () => {
    const id = await document('Draft\n');
    const a = open(two, owner, id);
    await a.synced;
    const firstStore = nextStore(two.app, id);
    a.text.insert(a.text.length, 'More.\n');
    await firstStore;
    expect(await stored(id)).toBe(a.text.toString());
    const secondStore = nextStore(two.app, id);
    a.text.insert(0, '# ');
    await secondStore;
    expect(await stored(id)).toBe('# Draft\nMore.\n');
    // Both stores fall in one five-minute group: one revision, of what the session began from.
    const revisions = await request(one.url).get(`/api/documents/${id}/revisions`).set('Cookie', owner.cookie).expect(200);
    expect(revisions.body.map((r: { source: string; content: string }) => [r.source, r.content])).toEqual([['user', 'Draft\n']]);
    // The two stores are one event in the owner's activity list.
    const activities = (await request(one.url).get('/api/activities').set('Cookie', owner.cookie).expect(200)).body as Array<{ type: string; documentId: number }>;
    expect(activities.filter((a) => a.documentId === id).map((a) => a.type)).toEqual(['document_updated', 'document_created']);
  });

  it('gives a viewer the live text read-only and refuses their updates', async () => {
    const id = await document('Shared text\n');
    await share(id, colleague, 'viewer');
    const editor = open(one, owner, id);
    const viewer = open(two, colleague, id);
    await Promise.all([editor.synced, viewer.synced]);
    expect(await viewer.scope).toBe('readonly');

    viewer.text.insert(0, 'VIEWER WAS HERE ');
    // Sent after the update on the same socket, so the server has handled (refused) the update before.
    viewer.provider.setAwarenessField('user', { name: 'Viewer', color: '#123456' });
    await untilAwareness(editor, (state) => (state.user as { name?: string } | undefined)?.name === 'Viewer');
    expect(editor.text.toString()).toBe('Shared text\n');
    for (const replica of [one, two]) {
      expect(replica.app.get(CollabServer).hocuspocus.documents.get(collabDocumentName(id))?.getText('content').toString()).toBe('Shared text\n');
    }

    // The viewer still sees the editors' changes (beside its own refused one, which stays local).
    editor.text.insert(0, 'Edited. ');
    await untilText(viewer.text, (value) => value.includes('Edited. '));
  });

  it('refuses a user without a grant, and a connection without a session', async () => {
    const id = await document('Private\n');
    const outsider = open(two, stranger, id);
    expect(await outsider.nextRefusal()).toBe(COLLAB_REFUSED.NOT_FOUND);
    const missing = open(one, owner, 2 ** 31 - 2);
    expect(await missing.nextRefusal()).toBe(COLLAB_REFUSED.NOT_FOUND);

    const refusal = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(collabUrl(one.url), { headers });
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('open', () => reject(new Error('the upgrade was accepted')));
        socket.on('error', () => undefined);
      });
    const origin = new URL(one.url).origin;
    expect(await refusal({ Origin: origin })).toBe(401);
    expect(await refusal({ Cookie: owner.cookie })).toBe(403);
    expect(await refusal({ Cookie: owner.cookie, Origin: 'https://evil.example' })).toBe(403);
  });

  it('closes a revoked editor at once on every replica, and a downgraded one comes back read-only', async () => {
    const id = await document('Team text\n');
    await share(id, colleague, 'editor');
    const downgraded = open(two, colleague, id);
    await downgraded.synced;
    expect(await downgraded.scope).toBe('read-write');

    const closed = downgraded.nextClose();
    const readOnly = downgraded.nextScope();
    await request(one.url).patch(`/api/documents/${id}/shares/${colleague.id}`).set('Cookie', owner.cookie).send({ role: 'viewer' }).expect(200);
    expect(await closed).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
    expect(await readOnly).toBe('readonly');

    const revoked = downgraded.nextClose();
    const refused = downgraded.nextRefusal();
    await request(one.url).delete(`/api/documents/${id}/shares/${colleague.id}`).set('Cookie', owner.cookie).expect(204);
    expect(await revoked).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
    expect(await refused).toBe(COLLAB_REFUSED.NOT_FOUND);
  });

  it('closes the sockets of a session that ends', async () => {
    const user = await named();
    const res = await request(one.url).post('/api/documents').set('Cookie', user.cookie).send({ title: 'Mine', content: 'x' }).expect(201);
    const client = open(two, user, res.body.id as number);
    await client.synced;
    const closed = client.nextClose();
    await request(identity.url).post('/api/logout').set('Cookie', user.cookie).expect(204);
    expect(await closed).toBe(COLLAB_CLOSE.SESSION_ENDED);
  });

  it('brings an AI edit, a PATCH and a restore into open editors on the other replica, each one revision', async () => {
    const id = await document('# Plan\n\n## Goals\n- fast\n');
    const watcher = open(two, owner, id);
    await watcher.synced;

    const aiText = '# Plan\n\n## Goals\n- fast\n- safe\n';
    await request(one.url).put(`/internal/documents/${id}/content`).set(internalHeaders('chat-worker')).send({ userId: owner.id, content: aiText, source: 'ai' }).expect(200);
    expect(await untilText(watcher.text, (value) => value === aiText)).toBe(aiText);

    await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: '# Plan v2\n' }).expect(200);
    await untilText(watcher.text, (value) => value === '# Plan v2\n');

    const revisions = await request(one.url).get(`/api/documents/${id}/revisions`).set('Cookie', owner.cookie).expect(200);
    expect(revisions.body.map((r: { source: string }) => r.source)).toEqual(['user', 'ai']);
    const aiRevision = revisions.body[1] as { id: number; content: string };
    expect(aiRevision.content).toBe('# Plan\n\n## Goals\n- fast\n');
    await request(one.url).post(`/api/documents/${id}/revisions/${aiRevision.id}/restore`).set('Cookie', owner.cookie).expect(200);
    await untilText(watcher.text, (value) => value === '# Plan\n\n## Goals\n- fast\n');
    expect(await stored(id)).toBe('# Plan\n\n## Goals\n- fast\n');
  });

  it('keeps what an editor types while an AI edit lands elsewhere in the document', async () => {
    const id = await document('Intro\n\nMiddle\n\nEnd\n');
    const typist = open(two, owner, id);
    await typist.synced;
    typist.text.insert(0, 'Typed. ');
    await request(one.url)
      .put(`/internal/documents/${id}/content`)
      .set(internalHeaders('chat-worker'))
      .send({ userId: owner.id, content: 'Intro\n\nMiddle\n\nEnd, by the AI\n', source: 'ai' })
      .expect(200);
    const merged = await untilText(typist.text, (value) => value.includes('by the AI'));
    expect(merged).toBe('Typed. Intro\n\nMiddle\n\nEnd, by the AI\n');
  });
});
