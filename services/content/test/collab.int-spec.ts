import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { browserRequest as request } from '@prd/kit/testing';
import { OutgoingMessage } from '@hocuspocus/server';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { SOURCE_TEXT_NAME, yFragmentToMarkdown } from '@prd/doc-model';
import { COLLAB_CLOSE, COLLAB_FRAME_MAX_BYTES, COLLAB_PRESENCE_MAX_BYTES, COLLAB_REFUSED, collabDocumentName, DOCUMENT_CONTENT_MAX, presenceUser } from '@prd/proto';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { startContent, type ContentService } from '@prd/testing/content';
import { startIdentityForPeers, signUp, type IdentityService, type TestUser } from '@prd/testing/identity';
import { CollabStore } from '../src/collab/collab-store.js';
import { CollabServer } from '../src/collab/collab.server.js';
import { addParagraph, collabUrl, connect, markdownOf, nextStore, textHolding, typeIn, untilAwareness, untilMarkdown, type CollabClient } from './collab-clients.js';
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

  /** Resolves with the stored markdown once it is `expected`, reading it again after each store on either replica. */
  async function untilStored(documentId: number, expected: string): Promise<string> {
    for (;;) {
      const next = Promise.race([nextStore(one.app, documentId), nextStore(two.app, documentId)]);
      const markdown = await stored(documentId);
      if (markdown === expected) return markdown;
      await next;
    }
  }

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
    expect(markdownOf(a)).toBe('# Checkout\n\nGoals\n');
    expect(markdownOf(b)).toBe('# Checkout\n\nGoals\n');
    expect(await a.scope).toBe('read-write');

    for (let i = 0; i < 5; i++) {
      typeIn(a, 'Checkout', `a${i} `, 'start');
      typeIn(b, 'Goals', ` b${i}`, 'end');
    }
    const done = (value: string) => [0, 1, 2, 3, 4].every((i) => value.includes(`a${i} `) && value.includes(` b${i}`));
    const [fromA, fromB] = await Promise.all([untilMarkdown(a, done), untilMarkdown(b, done)]);
    await untilMarkdown(a, (value) => value === markdownOf(b));
    expect(fromA.length).toBe(fromB.length);
    expect(markdownOf(a)).toBe('# a4 a3 a2 a1 a0 Checkout\n\nGoals b0 b1 b2 b3 b4\n');
  });

  it("stores the markdown of the editor's document after the debounce, as one revision of the session", async () => {
    const id = await document('Draft\n');
    const a = open(two, owner, id);
    await a.synced;
    const firstStore = nextStore(two.app, id);
    addParagraph(a, 'Draft', 'More.');
    await firstStore;
    expect(await stored(id)).toBe(markdownOf(a));
    const secondStore = nextStore(two.app, id);
    typeIn(a, 'Draft', 'First ', 'start');
    await secondStore;
    expect(await stored(id)).toBe('First Draft\n\nMore.\n');
    // Both stores fall in one five-minute group: one revision, of what the session began from.
    const revisions = await request(one.url).get(`/api/documents/${id}/revisions`).set('Cookie', owner.cookie).expect(200);
    expect(revisions.body.map((r: { source: string; content: string }) => [r.source, r.content])).toEqual([['user', 'Draft\n']]);
    // The two stores are one event in the owner's activity list.
    const activities = (await request(one.url).get('/api/activities').set('Cookie', owner.cookie).expect(200)).body as Array<{ type: string; documentId: number }>;
    expect(activities.filter((a) => a.documentId === id).map((a) => a.type)).toEqual(['document_updated', 'document_created']);
  });

  it('gives a viewer the live document read-only and refuses their updates', async () => {
    const id = await document('Shared text\n');
    await share(id, colleague, 'viewer');
    const editor = open(one, owner, id);
    const viewer = open(two, colleague, id);
    await Promise.all([editor.synced, viewer.synced]);
    expect(await viewer.scope).toBe('readonly');

    typeIn(viewer, 'Shared text', 'VIEWER WAS HERE ', 'start');
    // Sent after the update on the same socket, so the server has handled (refused) the update before.
    viewer.provider.setAwarenessField('user', { name: 'Viewer', color: '#123456' });
    await untilAwareness(editor, (state) => (state.user as { id?: number } | undefined)?.id === colleague.id);
    expect(markdownOf(editor)).toBe('Shared text\n');
    for (const markdown of liveMarkdown(id)) expect(markdown).toBe('Shared text\n');

    // The viewer still sees the editors' changes (beside its own refused one, which stays local).
    typeIn(editor, 'Shared text', 'Edited. ', 'start');
    await untilMarkdown(viewer, (value) => value.includes('Edited. '));
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

  /** Each replica's live copy of the document (undefined where it is not open). */
  const liveDocs = (documentId: number) => [one, two].map((replica) => replica.app.get(CollabServer).hocuspocus.documents.get(collabDocumentName(documentId)));
  /** The markdown of each replica's live copy. */
  const liveMarkdown = (documentId: number) => liveDocs(documentId).map((doc) => doc && yFragmentToMarkdown(doc));

  it('refuses an update that would take the document past its size limit: no replica and no other editor keeps it', async () => {
    const id = await document('Start\n');
    await share(id, colleague, 'editor');
    const writer = open(one, owner, id);
    const watcher = open(two, colleague, id);
    await Promise.all([writer.synced, watcher.synced]);
    const chunk = 'x'.repeat(250_000);
    // Up to the limit, chunk by chunk, as pastes into the one paragraph (its text and one character for the paragraph): every one lands everywhere.
    const fits = Math.floor((DOCUMENT_CONTENT_MAX - 'Start\n'.length) / chunk.length);
    for (let i = 0; i < fits; i++) typeIn(writer, 'Start', chunk, 'end');
    const full = 'Start'.length + fits * chunk.length;
    const paragraphOf = (doc: Y.Doc | undefined) => (doc ? (textHolding(doc.getXmlFragment('document'), 'Start')?.length ?? 0) : 0);
    await untilMarkdown(watcher, () => paragraphOf(watcher.doc) === full);

    const closed = writer.nextClose();
    typeIn(writer, 'Start', chunk, 'start');
    expect(await closed).toBe(COLLAB_CLOSE.MESSAGE_REFUSED);
    // Sent after the refused one on the watcher's socket: once it is back, the refused update would have arrived.
    typeIn(watcher, 'Start', 'W', 'start');
    await untilMarkdown(watcher, (value) => value.startsWith('W'));
    expect(paragraphOf(watcher.doc)).toBe(full + 1);
    // The replica that refused it never had it; the other has the watcher's letter or soon will.
    for (const doc of liveDocs(id)) expect(paragraphOf(doc)).toBeLessThanOrEqual(full + 1);
  });

  it("refuses a frame larger than a person produces, content outside the document's fragment, and an old client's text", async () => {
    const id = await document('Small\n');
    const client = open(one, owner, id);
    await client.synced;
    const tooBig = client.nextClose();
    typeIn(client, 'Small', 'y'.repeat(COLLAB_FRAME_MAX_BYTES + 1), 'start');
    // ws refuses a frame past maxPayload: 1009, message too big.
    expect(await tooBig).toBe(1009);

    const other = open(two, owner, id);
    await other.synced;
    const refused = other.nextClose();
    other.doc.getMap('elsewhere').set('junk', 'z'.repeat(1000));
    expect(await refused).toBe(COLLAB_CLOSE.MESSAGE_REFUSED);

    // A client of the markdown-source era writes its Y.Text: refused too.
    const old = open(two, owner, id);
    await old.synced;
    const oldRefused = old.nextClose();
    old.doc.getText(SOURCE_TEXT_NAME).insert(0, 'Old client.\n');
    expect(await oldRefused).toBe(COLLAB_CLOSE.MESSAGE_REFUSED);

    for (const markdown of liveMarkdown(id)) expect(markdown ?? 'Small\n').toBe('Small\n');
    for (const doc of liveDocs(id)) {
      expect(doc?.share.has('elsewhere') ?? false).toBe(false);
      expect(doc?.share.has(SOURCE_TEXT_NAME) ? doc.getText(SOURCE_TEXT_NAME).toString() : '').toBe('');
    }
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
    expect(await untilMarkdown(watcher, (value) => value === aiText)).toBe(aiText);

    await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: '# Plan v2\n' }).expect(200);
    await untilMarkdown(watcher, (value) => value === '# Plan v2\n');

    const revisions = await request(one.url).get(`/api/documents/${id}/revisions`).set('Cookie', owner.cookie).expect(200);
    expect(revisions.body.map((r: { source: string }) => r.source)).toEqual(['user', 'ai']);
    const aiRevision = revisions.body[1] as { id: number; content: string };
    expect(aiRevision.content).toBe('# Plan\n\n## Goals\n- fast\n');
    await request(one.url).post(`/api/documents/${id}/revisions/${aiRevision.id}/restore`).set('Cookie', owner.cookie).expect(200);
    await untilMarkdown(watcher, (value) => value === '# Plan\n\n## Goals\n- fast\n');
    expect(await stored(id)).toBe('# Plan\n\n## Goals\n- fast\n');
  });

  it('merges a change stored while the document was loading, before its live copy listened for changes', async () => {
    const id = await document('# Plan\n\nLoaded.\n');
    const store = two.app.get(CollabStore);
    const load = store.load.bind(store);
    jest.spyOn(store, 'load').mockImplementationOnce(async (documentId, into) => {
      const state = await load(documentId, into);
      // Replica two's copy is loading, not open: the PATCH's change is published on the document's channel, which nobody hears yet.
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: '# Plan\n\nLoaded, then changed.\n' }).expect(200);
      return state;
    });
    const client = open(two, owner, id);
    await client.synced;
    expect(markdownOf(client)).toBe('# Plan\n\nLoaded, then changed.\n');
  });

  it('keeps what an editor types while an AI edit lands elsewhere in the document', async () => {
    const id = await document('Intro\n\nMiddle\n\nEnd\n');
    const typist = open(two, owner, id);
    await typist.synced;
    typeIn(typist, 'Intro', 'Typed. ', 'start');
    await request(one.url)
      .put(`/internal/documents/${id}/content`)
      .set(internalHeaders('chat-worker'))
      .send({ userId: owner.id, content: 'Intro\n\nMiddle\n\nEnd, by the AI\n', source: 'ai' })
      .expect(200);
    const merged = await untilMarkdown(typist, (value) => value.includes('by the AI'));
    expect(merged).toBe('Typed. Intro\n\nMiddle\n\nEnd, by the AI\n');
  });

  it('keeps a paragraph typed on one replica and an AI save of another paragraph on the other: both live, both stored', async () => {
    const base = '# Checkout PRD\n\nIntro paragraph.\n\n## Goals\n\n- Fast\n- Safe\n\n| Metric | Target |\n|---|---|\n| p99 | 16 ms |\n\nClosing paragraph.\n';
    const id = await document(base);
    const typist = open(two, owner, id);
    await typist.synced;
    typeIn(typist, 'Intro paragraph.', ' Typed live.');
    const aiSave = request(one.url)
      .put(`/internal/documents/${id}/content`)
      .set(internalHeaders('chat-worker'))
      .send({ userId: owner.id, base, content: base.replace('Closing paragraph.', 'Closing paragraph, revised by the AI.'), source: 'ai' })
      .expect(200)
      .then(() => undefined); // sent now, while the typing is in flight
    const both = base.replace('Intro paragraph.', 'Intro paragraph. Typed live.').replace('Closing paragraph.', 'Closing paragraph, revised by the AI.');
    expect(await untilMarkdown(typist, (value) => value.includes('revised by the AI'))).toBe(both);
    // Whichever lands first, the typing's store merges the AI's stored change, or the AI's save merges the stored typing.
    await aiSave;
    expect(await untilStored(id, both)).toBe(both);
    for (const markdown of liveMarkdown(id)) expect(markdown ?? both).toBe(both);
  });

  it('stores a catalogue template opened live byte for byte: untouched, and after an edit of one paragraph every other line', async () => {
    const template = TEMPLATE_CATALOGUE.find((t) => t.content.includes('|') && t.content.includes('- [ ]')) ?? TEMPLATE_CATALOGUE[0]!;
    const id = await document(template.content);
    const editor = open(one, owner, id);
    await editor.synced;
    expect(markdownOf(editor)).toBe(template.content);

    // Typed and taken back: the paragraph is what its source says again, and the store writes the template as it was.
    const paragraph = editor.fragment.toArray().find((block): block is Y.XmlElement => block instanceof Y.XmlElement && block.nodeName === 'paragraph')!;
    const text = paragraph.get(0) as Y.XmlText;
    const untouched = nextStore(one.app, id);
    text.insert(text.length, ' draft');
    text.delete(text.length - ' draft'.length, ' draft'.length);
    await untouched;
    expect(await stored(id)).toBe(template.content);

    const edited = nextStore(one.app, id);
    text.insert(text.length, ' Edited live.');
    await edited;
    const [before, after] = [template.content.split('\n'), (await stored(id)).split('\n')];
    expect(after).toHaveLength(before.length);
    expect(after.filter((line, i) => line !== before[i])).toEqual([expect.stringContaining(' Edited live.')]);
  });
});
