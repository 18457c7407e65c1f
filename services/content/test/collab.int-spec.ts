import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { browserRequest as request } from '@prd/kit/testing';
import { OutgoingMessage } from '@hocuspocus/server';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { COLLAB_CLOSE, COLLAB_FRAME_MAX_BYTES, COLLAB_PRESENCE_MAX_BYTES, COLLAB_REFUSED, collabDocumentName, DOCUMENT_CONTENT_MAX, presenceUser } from '@prd/proto';
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
    await untilAwareness(editor, (state) => (state.user as { id?: number } | undefined)?.id === colleague.id);
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

  /** A document of the owner's in a project shared with the colleague as `role`. */
  async function projectDocument(role: string): Promise<{ projectId: number; documentId: number }> {
    const project = await request(one.url).post('/api/projects').set('Cookie', owner.cookie).send({ name: 'Team' }).expect(201);
    const projectId = project.body.id as number;
    await request(one.url).post(`/api/projects/${projectId}/shares`).set('Cookie', owner.cookie).send({ login: colleague.username, role }).expect(201);
    const doc = await request(one.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'In the project', content: 'Project text\n', projectId }).expect(201);
    return { projectId, documentId: doc.body.id as number };
  }

  /** A project editor's live editor on the other replica, read-write. */
  async function projectEditor(documentId: number): Promise<CollabClient> {
    const client = open(two, colleague, documentId);
    await client.synced;
    expect(await client.scope).toBe('read-write');
    return client;
  }

  it('closes a project editor on every replica when the project is deleted, and refuses them after', async () => {
    const { projectId, documentId } = await projectDocument('editor');
    const member = await projectEditor(documentId);
    const closed = member.nextClose();
    const refused = member.nextRefusal();
    await request(one.url).delete(`/api/projects/${projectId}`).set('Cookie', owner.cookie).expect(200);
    expect(await closed).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
    expect(await refused).toBe(COLLAB_REFUSED.NOT_FOUND);
  });

  it('closes a project editor when the document moves out of the project', async () => {
    const { documentId } = await projectDocument('editor');
    const member = await projectEditor(documentId);
    const closed = member.nextClose();
    const refused = member.nextRefusal();
    await request(one.url).patch(`/api/documents/${documentId}`).set('Cookie', owner.cookie).send({ projectId: null }).expect(200);
    expect(await closed).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
    expect(await refused).toBe(COLLAB_REFUSED.NOT_FOUND);
  });

  it('makes a project editor read-only when the project share is lowered, and closes them when it is removed', async () => {
    const { projectId, documentId } = await projectDocument('editor');
    const member = await projectEditor(documentId);
    const lowered = member.nextClose();
    const readOnly = member.nextScope();
    await request(one.url).patch(`/api/projects/${projectId}/shares/${colleague.id}`).set('Cookie', owner.cookie).send({ role: 'viewer' }).expect(200);
    expect(await lowered).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
    expect(await readOnly).toBe('readonly');

    const removed = member.nextClose();
    const refused = member.nextRefusal();
    await request(one.url).delete(`/api/projects/${projectId}/shares/${colleague.id}`).set('Cookie', owner.cookie).expect(204);
    expect(await removed).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
    expect(await refused).toBe(COLLAB_REFUSED.NOT_FOUND);
  });

  it('closes every editor of a deleted document on every replica', async () => {
    const id = await document('Soon gone\n');
    await share(id, colleague, 'editor');
    const editor = open(two, colleague, id);
    await editor.synced;
    const closed = editor.nextClose();
    const refused = editor.nextRefusal();
    await request(one.url).delete(`/api/documents/${id}`).set('Cookie', owner.cookie).expect(200);
    expect(await closed).toBe(COLLAB_CLOSE.DOCUMENT_DELETED);
    expect(await refused).toBe(COLLAB_REFUSED.NOT_FOUND);
  });

  /** Each replica's live copy of the document: its text. */
  const liveTexts = (documentId: number) =>
    [one, two].map((replica) => replica.app.get(CollabServer).hocuspocus.documents.get(collabDocumentName(documentId))?.getText('content').toString());

  it('refuses an update that would take the document past its size limit: no replica and no other editor keeps it', async () => {
    const id = await document('Start\n');
    await share(id, colleague, 'editor');
    const writer = open(one, owner, id);
    const watcher = open(two, colleague, id);
    await Promise.all([writer.synced, watcher.synced]);
    const chunk = 'x'.repeat(250_000);
    // Up to the limit, chunk by chunk, as pastes: every one lands everywhere.
    const fits = Math.floor((DOCUMENT_CONTENT_MAX - 'Start\n'.length) / chunk.length);
    for (let i = 0; i < fits; i++) writer.text.insert(writer.text.length, chunk);
    const full = 'Start\n'.length + fits * chunk.length;
    await untilText(watcher.text, (value) => value.length === full);

    const closed = writer.nextClose();
    writer.text.insert(0, chunk);
    expect(await closed).toBe(COLLAB_CLOSE.MESSAGE_REFUSED);
    // Sent after the refused one on the watcher's socket: once it is back, the refused update would have arrived.
    watcher.text.insert(0, 'W');
    await untilText(watcher.text, (value) => value.startsWith('W'));
    expect(watcher.text.length).toBe(full + 1);
    // The replica that refused it never had it; the other has the watcher's letter or soon will.
    for (const text of liveTexts(id)) expect(text?.length).toBeLessThanOrEqual(full + 1);
  });

  it('refuses a frame larger than a person produces, and content outside the document text', async () => {
    const id = await document('Small\n');
    const client = open(one, owner, id);
    await client.synced;
    const tooBig = client.nextClose();
    client.text.insert(0, 'y'.repeat(COLLAB_FRAME_MAX_BYTES + 1));
    // ws refuses a frame past maxPayload: 1009, message too big.
    expect(await tooBig).toBe(1009);

    const other = open(two, owner, id);
    await other.synced;
    const refused = other.nextClose();
    other.doc.getMap('elsewhere').set('junk', 'z'.repeat(1000));
    expect(await refused).toBe(COLLAB_CLOSE.MESSAGE_REFUSED);
    for (const text of liveTexts(id)) expect(text ?? 'Small\n').toBe('Small\n');
    for (const replica of [one, two]) expect(replica.app.get(CollabServer).hocuspocus.documents.get(collabDocumentName(id))?.share.has('elsewhere') ?? false).toBe(false);
  });

  /** A presence frame of the document for the Yjs client `clientId`, whose state's clock is `clock`. */
  function presenceFrame(documentId: number, clientId: number, state: Record<string, unknown>, clock = 1): Uint8Array {
    const doc = new Y.Doc();
    doc.clientID = clientId;
    const awareness = new Awareness(doc);
    for (let i = 0; i < clock; i++) awareness.setLocalState({ ...state, i });
    const frame = new OutgoingMessage(collabDocumentName(documentId)).createAwarenessUpdateMessage(awareness, [clientId]).toUint8Array();
    awareness.destroy();
    doc.destroy();
    return frame;
  }

  it('refuses a presence message past its bound', async () => {
    const id = await document('Presence\n');
    const client = open(two, owner, id);
    await client.synced;
    const closed = client.nextClose();
    client.send(presenceFrame(id, client.doc.clientID, { user: { name: 'n'.repeat(COLLAB_PRESENCE_MAX_BYTES) } }));
    expect(await closed).toBe(COLLAB_CLOSE.MESSAGE_REFUSED);
  });

  it("sets each connection's presence from its session: a viewer can neither claim the owner nor overwrite the owner's presence", async () => {
    const id = await document('Who is here\n');
    await share(id, colleague, 'viewer');
    const ownerClient = open(one, owner, id);
    const forger = open(two, colleague, id);
    await Promise.all([ownerClient.synced, forger.synced]);
    ownerClient.provider.setAwarenessField('user', { id: owner.id, name: 'Owner', color: '#1677ff' });
    const isOwner = (state: Record<string, unknown>) => (state.user as { id?: number } | undefined)?.id === owner.id;
    await untilAwareness(forger, isOwner);

    // The owner's client id, with a newer clock than the owner's state: without the check, it would replace it.
    forger.send(presenceFrame(id, ownerClient.doc.clientID, { user: { id: owner.id, name: 'Forged', color: '#000000' } }, 50));
    forger.provider.setAwarenessField('user', { id: owner.id, name: 'Owner', color: '#1677ff' });
    const isColleague = (state: Record<string, unknown>) => (state.user as { id?: number } | undefined)?.id === colleague.id;
    await untilAwareness(ownerClient, isColleague);

    expect(ownerClient.provider.awareness?.getStates().get(forger.doc.clientID)?.user).toEqual(presenceUser(colleague.id, colleague.username));
    for (const replica of [one, two]) {
      const states = replica.app.get(CollabServer).hocuspocus.documents.get(collabDocumentName(id))!.awareness.getStates();
      expect(states.get(ownerClient.doc.clientID)?.user).toEqual(presenceUser(owner.id, owner.username));
      expect(states.get(forger.doc.clientID)?.user).toEqual(presenceUser(colleague.id, colleague.username));
      expect([...states.values()].map((state) => (state.user as { name: string }).name)).not.toContain('Forged');
    }
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
