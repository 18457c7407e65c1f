import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { browserRequest as request } from '@prd/kit/testing';
import { startContent, type ContentService } from '@prd/testing/content';
import { signUp, startIdentityForPeers, type IdentityService, type TestUser } from '@prd/testing/identity';
import { addParagraph, connect, nextStore, typeIn, untilMarkdown, type CollabClient } from './collab-clients.js';
import { internalHeaders } from './content-stack.js';

type Named = TestUser & { username: string };
type RevisionBody = {
  id: number;
  name: string | null;
  content: string;
  source: string;
  author: { kind: string; users: { id: number; username: string }[]; token: string | null } | null;
};

/**
 * docs/decisions/0035-edits-merge.md and 0018-revisions.md over two content replicas on one database and one Redis: no writer
 * (the AI, an API script, a person typing) silently replaces what another wrote, and history keeps every author's version.
 */
describe('no edit is lost', () => {
  let identity: IdentityService;
  let one: ContentService;
  let two: ContentService;
  let owner: Named;
  let colleague: Named;
  const clients: CollabClient[] = [];

  const named_ = async (): Promise<Named> => {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await signUp(identity, username)), username };
  };
  /** A document of the owner's that the colleague may edit. */
  async function shared(content: string): Promise<number> {
    const res = await request(one.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Shared PRD', content }).expect(201);
    const id = res.body.id as number;
    await request(one.url).post(`/api/documents/${id}/shares`).set('Cookie', owner.cookie).send({ login: colleague.username, role: 'editor' }).expect(201);
    return id;
  }
  const open = (replica: ContentService, user: TestUser, documentId: number): CollabClient => {
    const client = connect(replica.url, user.cookie, documentId);
    clients.push(client);
    return client;
  };
  const aiSave = (id: number, body: { base: string; content: string }) =>
    request(one.url)
      .put(`/internal/documents/${id}/content`)
      .set(internalHeaders('chat-worker'))
      .send({ userId: owner.id, source: 'ai', ...body })
      .expect(200);
  const read = async (replica: ContentService, user: TestUser, id: number) => request(replica.url).get(`/api/documents/${id}`).set('Cookie', user.cookie).expect(200);
  const revisions = async (id: number) => (await request(two.url).get(`/api/documents/${id}/revisions`).set('Cookie', owner.cookie).expect(200)).body as RevisionBody[];
  /** Edits the live document on replica two as the colleague, and resolves once the replica stored it. */
  async function typeAndStore(id: number, edit: (typist: CollabClient) => void): Promise<void> {
    const typist = open(two, colleague, id);
    await typist.synced;
    const stored = nextStore(two.app, id);
    edit(typist);
    await stored;
  }

  beforeAll(async () => {
    identity = await startIdentityForPeers();
    one = await startContent(identity);
    two = await startContent(identity, { DATABASE_URL: one.config.DATABASE_URL });
    [owner, colleague] = [await named_(), await named_()];
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await identity.close();
  });

  describe('an AI edit merges with what people wrote after the text it read', () => {
    it('keeps a teammate’s typing, stored while the AI was writing, beside the AI’s new section, each once', async () => {
      const base = '# Plan\n\nIntro.\n';
      const id = await shared(base);
      await typeAndStore(id, (typist) => addParagraph(typist, 'Intro.', 'Typed by a colleague.'));
      const saved = await aiSave(id, { base, content: `${base}\n## Risks\nThe AI's section.\n` });
      const expected = "# Plan\n\nIntro.\n\nTyped by a colleague.\n\n## Risks\nThe AI's section.\n";
      expect(saved.body).toMatchObject({ content: expected, unapplied: [] });
      expect((await read(two, owner, id)).body.content).toBe(expected);
      // The editor that typed holds the merge too, on the other replica.
      expect(await untilMarkdown(clients[0]!, (value) => value.includes('Risks'))).toBe(expected);
    });

    it('keeps both changes when people and the AI changed different passages', async () => {
      const base = '# Plan\n\nIntro.\n\n## Goals\nFast.\n';
      const id = await shared(base);
      await typeAndStore(id, (typist) => typeIn(typist, 'Intro.', 'Colleague first. ', 'start'));
      const saved = await aiSave(id, { base, content: '# Plan\n\nIntro.\n\n## Goals\nFast and safe.\n' });
      expect(saved.body).toMatchObject({ content: '# Plan\n\nColleague first. Intro.\n\n## Goals\nFast and safe.\n', unapplied: [] });
    });

    it('keeps the people’s text where both changed the same passage, and answers the AI’s version of it as unapplied', async () => {
      const base = '# Plan\n\nIntro.\n\n## Goals\nFast.\n';
      const id = await shared(base);
      await typeAndStore(id, (typist) => typeIn(typist, 'Intro', ' by a person'));
      const saved = await aiSave(id, { base, content: '# Plan\n\nA better intro by the AI.\n\n## Goals\nFast and safe.\n' });
      expect(saved.body.content).toBe('# Plan\n\nIntro by a person.\n\n## Goals\nFast and safe.\n');
      expect(saved.body.unapplied).toEqual([{ kept: 'Intro by a person.\n', suggested: 'A better intro by the AI.\n' }]);
      // The AI's change is one revision, of the colleague's text (the passage it could not apply is the reply's, never dropped).
      const [newest] = await revisions(id);
      expect(newest).toMatchObject({ content: '# Plan\n\nIntro by a person.\n\n## Goals\nFast.\n', source: 'ai', author: { kind: 'user', users: [{ id: colleague.id }] } });
    });
  });

  describe('optimistic concurrency for API writers (ETag, If-Match)', () => {
    it('refuses the second of two PATCHes from one base with 412 VERSION_CONFLICT, and changes nothing', async () => {
      const id = await shared('Base text.\n');
      const a = await read(one, owner, id);
      const b = await read(two, colleague, id);
      expect(a.headers.etag).toBe(`"${a.body.version}"`);
      expect(b.headers.etag).toBe(a.headers.etag);

      const first = await request(one.url)
        .patch(`/api/documents/${id}`)
        .set('Cookie', owner.cookie)
        .set('If-Match', a.headers.etag!)
        .send({ content: 'A’s change.\n' })
        .expect(200);
      expect(first.body.version).toBe(a.body.version + 1);
      expect(first.headers.etag).toBe(`"${first.body.version}"`);

      const second = await request(two.url)
        .patch(`/api/documents/${id}`)
        .set('Cookie', colleague.cookie)
        .set('If-Match', b.headers.etag!)
        .send({ content: 'B’s change.\n' })
        .expect(412);
      expect(second.body).toEqual({ code: 'VERSION_CONFLICT', message: 'The document changed since you read it; read it again', currentVersion: first.body.version });
      expect((await read(two, owner, id)).body).toMatchObject({ content: 'A’s change.\n', version: first.body.version });

      // Read again, then write: the weak form the gateway's gzip gives the tag names the same version.
      await request(two.url)
        .patch(`/api/documents/${id}`)
        .set('Cookie', colleague.cookie)
        .set('If-Match', `W/"${first.body.version}"`)
        .send({ content: 'B’s change.\n' })
        .expect(200);
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).set('If-Match', 'not a tag').send({ title: 'Renamed' }).expect(412);
    });

    it('still takes a PATCH without If-Match, keeping the text it replaced as a revision of its author', async () => {
      const id = await shared('Owner’s text.\n');
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: 'Owner’s second text.\n' }).expect(200);
      await request(two.url).patch(`/api/documents/${id}`).set('Cookie', colleague.cookie).send({ content: 'Colleague’s text.\n' }).expect(200);
      const [replaced] = await revisions(id);
      expect(replaced).toMatchObject({ content: 'Owner’s second text.\n', author: { kind: 'user', users: [{ id: owner.id, username: owner.username }], token: null } });
    });

    it('changes the version with a title change and with live edits, not with a move between projects', async () => {
      const id = await shared('Live.\n');
      const start = (await read(one, owner, id)).body.version as number;
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ title: 'New title' }).expect(200);
      expect((await read(one, owner, id)).body.version).toBe(start + 1);
      await typeAndStore(id, (typist) => typeIn(typist, 'Live.', 'Typed. ', 'start'));
      expect((await read(one, owner, id)).body.version).toBe(start + 2);
      const project = await request(one.url).post('/api/projects').set('Cookie', owner.cookie).send({ name: 'P' }).expect(201);
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ projectId: project.body.id }).expect(200);
      expect((await read(one, owner, id)).body.version).toBe(start + 2);
    });
  });

  describe('history keeps every author’s version', () => {
    it('keeps the previous version when someone else saves within the grouping window, and groups one author’s saves', async () => {
      const id = await shared('v0\n');
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: 'owner 1\n' }).expect(200);
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: 'owner 2\n' }).expect(200);
      await request(two.url).patch(`/api/documents/${id}`).set('Cookie', colleague.cookie).send({ content: 'colleague 1\n' }).expect(200);
      await request(two.url).patch(`/api/documents/${id}`).set('Cookie', colleague.cookie).send({ content: 'colleague 2\n' }).expect(200);
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: 'owner 3\n' }).expect(200);
      const list = await revisions(id);
      // Newest first: the colleague's last text, the owner's last before the colleague, and the first text (the owner's, from creation).
      expect(list.map((r) => [r.content, r.author?.users.map((u) => u.id)])).toEqual([
        ['colleague 2\n', [colleague.id]],
        ['owner 2\n', [owner.id]],
        ['v0\n', [owner.id]],
      ]);
    });

    it('names an AI edit’s text as the AI’s, for whoever asked', async () => {
      const id = await shared('Start.\n');
      await aiSave(id, { base: 'Start.\n', content: 'Start, by the AI.\n' });
      await request(two.url).patch(`/api/documents/${id}`).set('Cookie', colleague.cookie).send({ content: 'Colleague over the AI.\n' }).expect(200);
      const [aiText] = await revisions(id);
      expect(aiText).toMatchObject({ content: 'Start, by the AI.\n', source: 'user', author: { kind: 'ai', users: [{ id: owner.id, username: owner.username }] } });
    });
  });
  describe('comparing and naming versions', () => {
    it('compares any two versions by line and word, and refuses a revision of another document', async () => {
      const id = await shared('# Plan\n\nShip in May.\n');
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: '# Plan\n\nShip in June.\n\nRisks.\n' }).expect(200);
      const [first] = await revisions(id);
      const res = await request(two.url).get(`/api/documents/${id}/revisions/compare?from=${first!.id}&to=current`).set('Cookie', colleague.cookie).expect(200);
      expect(res.body.stats).toEqual({ added: 3, removed: 1 });
      expect(res.body.changedLines).toEqual([
        {
          before: 'Ship in May.',
          after: 'Ship in June.',
          words: [
            { kind: 'same', text: 'Ship in ' },
            { kind: 'removed', text: 'May' },
            { kind: 'added', text: 'June' },
            { kind: 'same', text: '.' },
          ],
        },
      ]);
      expect(res.body.from).toEqual({ revisionId: first!.id, title: 'Shared PRD' });
      const other = await shared('Other.\n');
      await request(one.url).get(`/api/documents/${other}/revisions/compare?from=${first!.id}&to=current`).set('Cookie', owner.cookie).expect(404);
      const bad = await request(one.url).get(`/api/documents/${id}/revisions/compare?from=latest&to=current`).set('Cookie', owner.cookie).expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'from and to must be a revision id or current' });
    });

    it('names a version, lists it first and never thins it; a viewer may not name', async () => {
      const id = await shared('v1 text\n');
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', owner.cookie).send({ content: 'v2 text\n' }).expect(200);
      const [v1] = await revisions(id);
      const named = await request(two.url).put(`/api/documents/${id}/revisions/${v1!.id}/name`).set('Cookie', colleague.cookie).send({ name: '  v1.0 signed off ' }).expect(200);
      expect(named.body).toMatchObject({ id: v1!.id, name: 'v1.0 signed off', content: 'v1 text\n' });
      await request(one.url).patch(`/api/documents/${id}`).set('Cookie', colleague.cookie).send({ content: 'v3 text\n' }).expect(200);
      expect((await revisions(id)).map((r) => [r.content, r.name])).toEqual([
        ['v1 text\n', 'v1.0 signed off'],
        ['v2 text\n', null],
      ]);
      const viewer = await named_();
      await request(one.url).post(`/api/documents/${id}/shares`).set('Cookie', owner.cookie).send({ login: viewer.username, role: 'viewer' }).expect(201);
      await request(one.url).put(`/api/documents/${id}/revisions/${v1!.id}/name`).set('Cookie', viewer.cookie).send({ name: 'mine' }).expect(403);
      const blank = await request(one.url).put(`/api/documents/${id}/revisions/${v1!.id}/name`).set('Cookie', owner.cookie).send({ name: '  ' }).expect(400);
      expect(blank.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'A name is required' });
      const unnamed = await request(one.url).delete(`/api/documents/${id}/revisions/${v1!.id}/name`).set('Cookie', owner.cookie).expect(200);
      expect(unnamed.body.name).toBeNull();
    });
  });
});
