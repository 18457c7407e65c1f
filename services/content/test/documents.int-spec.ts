import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request, testCallerToken } from '@prd/kit/testing';
import { asc, eq, sql } from 'drizzle-orm';
import { DB } from '@prd/kit';
import { ContentClient, REVISION_COALESCE_MS, REVISIONS_MAX_PER_DOCUMENT } from '@prd/proto';
import type { ContentDb } from '../src/db/database.js';
import { documentRevisions } from '../src/db/schema.js';
import { registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

// Two real services start per suite; a shared 2-core machine can make that slow.

describe('documents', () => {
  let stack: ContentStack;
  let user: TestUser;
  const api = () => request(stack.content.url);
  beforeAll(async () => {
    stack = await startContentStack();
    user = await registerUser(stack);
  });
  afterAll(() => stack.close());

  it('creates a document and reads it back, ignoring a cache-busting t', async () => {
    const created = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: '  Checkout PRD  ', content: '## Overview\nFaster checkout.' }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Checkout PRD',
      content: '## Overview\nFaster checkout.',
      projectId: null,
      workspaceId: null,
      role: 'owner',
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const read = await api().get(`/api/documents/${created.body.id}?t=${Date.now()}`).set('Cookie', user.cookie).expect(200);
    expect(read.body).toEqual(created.body);
  });

  it('lists the user’s documents newest first, without their content', async () => {
    const owner = await registerUser(stack);
    const first = await api().post('/api/documents').set('Cookie', owner.cookie).send({ title: 'First', content: 'one' }).expect(201);
    const second = await api().post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Second', content: 'two' }).expect(201);
    const list = await api().get('/api/documents').set('Cookie', owner.cookie).expect(200);
    expect(list.body.map((d: { id: number }) => d.id)).toEqual([second.body.id, first.body.id]);
    expect(Object.keys(list.body[0]).sort()).toEqual(['createdAt', 'id', 'projectId', 'title', 'updatedAt', 'workspaceId']);
    // The list's times are formatted by PostgreSQL, a document's own by JavaScript: the same text.
    const { content: _content, role: _role, version: _version, ...summary } = second.body as Record<string, unknown>;
    expect(list.body[0]).toEqual(summary);
    expect(list.body[0].updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await api().patch(`/api/documents/${first.body.id}`).set('Cookie', owner.cookie).send({ content: 'one, edited' }).expect(200);
    const reordered = await api().get('/api/documents').set('Cookie', owner.cookie).expect(200);
    expect(reordered.body.map((d: { id: number }) => d.id)).toEqual([first.body.id, second.body.id]);
  });

  it('answers an anonymous visitor an empty list and a 404 for any document', async () => {
    const own = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Mine', content: 'x' }).expect(201);
    await api().get('/api/documents').expect(200, []);
    const res = await api().get(`/api/documents/${own.body.id}`).expect(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Document not found' });
    await api().get('/api/activities').expect(200, []);
  });

  it('updates the title and content, and deletes a document', async () => {
    const doc = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Draft', content: 'v1' }).expect(201);
    const updated = await api().patch(`/api/documents/${doc.body.id}`).set('Cookie', user.cookie).send({ title: 'Final', content: 'v2' }).expect(200);
    expect(updated.body).toMatchObject({ id: doc.body.id, title: 'Final', content: 'v2' });
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(doc.body.updatedAt));
    await api().delete(`/api/documents/${doc.body.id}`).set('Cookie', user.cookie).expect(200, { id: doc.body.id });
    await api().get(`/api/documents/${doc.body.id}`).set('Cookie', user.cookie).expect(404);
    await api().delete(`/api/documents/${doc.body.id}`).set('Cookie', user.cookie).expect(404);
  });

  it("keeps one revision for a user's consecutive saves; a restore stores its own; the right content each time", async () => {
    const doc = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Spec', content: 'original' }).expect(201);
    const id = doc.body.id as number;
    await api().get(`/api/documents/${id}/revisions`).set('Cookie', user.cookie).expect(200, []);
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ content: 'second' }).expect(200);
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ content: 'third' }).expect(200);
    // A title change alone and a save of identical content are not content changes.
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ title: 'Spec v3', content: 'third' }).expect(200);

    // The two saves, minutes apart at most, are one revision: the content before the first.
    const before = await api().get(`/api/documents/${id}/revisions`).set('Cookie', user.cookie).expect(200);
    expect(before.body).toEqual([
      {
        id: expect.any(Number),
        documentId: id,
        title: 'Spec',
        content: 'original',
        source: 'user',
        author: { kind: 'user', users: [{ id: user.id, username: expect.any(String), name: null }], token: null },
        name: null,
        createdAt: expect.any(String),
      },
    ]);

    const original = before.body[0] as { id: number };
    const restored = await api().post(`/api/documents/${id}/revisions/${original.id}/restore`).set('Cookie', user.cookie).expect(200);
    expect(restored.body).toMatchObject({ id, title: 'Spec v3', content: 'original' });
    await api()
      .get(`/api/documents/${id}`)
      .set('Cookie', user.cookie)
      .expect(200)
      .expect((res) => expect(res.body.content).toBe('original'));

    const after = await api().get(`/api/documents/${id}/revisions`).set('Cookie', user.cookie).expect(200);
    expect(after.body.map((r: { content: string; source: string }) => [r.content, r.source])).toEqual([
      ['third', 'restore'],
      ['original', 'user'],
    ]);
    // A save right after the restore is not part of the earlier saves: it keeps what the restore brought back.
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ content: 'fourth' }).expect(200);
    const latest = await api().get(`/api/documents/${id}/revisions`).set('Cookie', user.cookie).expect(200);
    expect(latest.body.map((r: { content: string }) => r.content)).toEqual(['original', 'third', 'original']);

    const missing = await api().post(`/api/documents/${id}/revisions/999999/restore`).set('Cookie', user.cookie).expect(404);
    expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'Revision not found' });
  });

  it('starts a new revision once the coalescing window has passed', async () => {
    const doc = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Window', content: 'v1' }).expect(201);
    const id = doc.body.id as number;
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ content: 'v2' }).expect(200);
    // The revision of the first save is older than the window (as if the user came back later).
    await stack.content.app
      .get<ContentDb>(DB)
      .update(documentRevisions)
      .set({ createdAt: sql`now() - make_interval(secs => ${REVISION_COALESCE_MS / 1000 + 1})` })
      .where(eq(documentRevisions.documentId, id));
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ content: 'v3' }).expect(200);
    const revisions = await api().get(`/api/documents/${id}/revisions`).set('Cookie', user.cookie).expect(200);
    expect(revisions.body.map((r: { content: string }) => r.content)).toEqual(['v2', 'v1']);
  });

  it(`keeps at most ${REVISIONS_MAX_PER_DOCUMENT} revisions of saves per document, never thinning those an AI edit made`, async () => {
    const doc = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Busy', content: 'start' }).expect(201);
    const id = doc.body.id as number;
    const client = new ContentClient({ baseUrl: stack.content.url, token: testCallerToken('chat-worker') });
    const db = stack.content.app.get<ContentDb>(DB);
    // Each user save follows an AI edit, so none continues the one before: each stores a revision.
    for (let i = 0; i < REVISIONS_MAX_PER_DOCUMENT + 5; i++) {
      await client.saveDocumentContent(id, { userId: user.id, content: `ai ${i}`, source: 'ai' });
      await api()
        .patch(`/api/documents/${id}`)
        .set('Cookie', user.cookie)
        .send({ content: `user ${i}` })
        .expect(200);
    }
    const rows = await db
      .select({ source: documentRevisions.source, content: documentRevisions.content })
      .from(documentRevisions)
      .where(eq(documentRevisions.documentId, id))
      .orderBy(asc(documentRevisions.id));
    const saves = rows.filter((r) => r.source === 'user');
    expect(saves).toHaveLength(REVISIONS_MAX_PER_DOCUMENT);
    // The oldest saves went (their revisions held 'ai 0' to 'ai 4'); the newest stay.
    expect(saves.at(-1)!.content).toBe(`ai ${REVISIONS_MAX_PER_DOCUMENT + 4}`);
    expect(saves[0]!.content).toBe('ai 5');
    expect(rows.filter((r) => r.source === 'ai')).toHaveLength(REVISIONS_MAX_PER_DOCUMENT + 5);
  }, 120_000);

  it("does not restore another document's revision through this one", async () => {
    const a = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'A', content: 'a1' }).expect(201);
    const b = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'B', content: 'b1' }).expect(201);
    await api().patch(`/api/documents/${a.body.id}`).set('Cookie', user.cookie).send({ content: 'a2' }).expect(200);
    const [revision] = (await api().get(`/api/documents/${a.body.id}/revisions`).set('Cookie', user.cookie).expect(200)).body as { id: number }[];
    await api().post(`/api/documents/${b.body.id}/revisions/${revision!.id}/restore`).set('Cookie', user.cookie).expect(404);
  });

  it('records the user’s activities newest first', async () => {
    const owner = await registerUser(stack);
    const doc = await api().post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Roadmap', content: 'r1' }).expect(201);
    await api().patch(`/api/documents/${doc.body.id}`).set('Cookie', owner.cookie).send({ content: 'r2' }).expect(200);
    await api().patch(`/api/documents/${doc.body.id}`).set('Cookie', owner.cookie).send({ content: 'r3' }).expect(200);
    const project = await api().post('/api/projects').set('Cookie', owner.cookie).send({ name: 'Q3', description: '' }).expect(201);
    await api().patch(`/api/documents/${doc.body.id}`).set('Cookie', owner.cookie).send({ projectId: project.body.id }).expect(200);
    await api().delete(`/api/documents/${doc.body.id}`).set('Cookie', owner.cookie).expect(200);

    const res = await api().get('/api/activities').set('Cookie', owner.cookie).expect(200);
    expect(res.body.map((a: { type: string; title: string }) => [a.type, a.title])).toEqual([
      ['document_deleted', 'Roadmap'],
      ['document_added_to_project', 'Roadmap'],
      ['project_created', 'Q3'],
      // Consecutive updates of one document collapse into the latest.
      ['document_updated', 'Roadmap'],
      ['document_created', 'Roadmap'],
    ]);
    expect(res.body[1]).toMatchObject({ documentId: doc.body.id, projectId: project.body.id, createdAt: expect.any(String) });
    // Another user's activities never show.
    const other = await api().get('/api/activities').set('Cookie', user.cookie).expect(200);
    expect(other.body.some((a: { documentId: number }) => a.documentId === doc.body.id)).toBe(false);
  });

  it('bounds the activity list to the most recent 50', async () => {
    const owner = await registerUser(stack);
    for (let i = 0; i < 27; i++) {
      await api()
        .post('/api/projects')
        .set('Cookie', owner.cookie)
        .send({ name: `P${i}` })
        .expect(201);
      await api()
        .post('/api/documents')
        .set('Cookie', owner.cookie)
        .send({ title: `D${i}`, content: 'x' })
        .expect(201);
    }
    const res = await api().get('/api/activities').set('Cookie', owner.cookie).expect(200);
    expect(res.body).toHaveLength(50);
    expect(res.body[0]).toMatchObject({ type: 'document_created', title: 'D26' });
  });
});
