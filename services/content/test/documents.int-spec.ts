import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
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
    expect(Object.keys(list.body[0]).sort()).toEqual(['createdAt', 'id', 'projectId', 'title', 'updatedAt']);

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

  it('stores a revision per content change; two edits then a restore give the right content and three revisions', async () => {
    const doc = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Spec', content: 'original' }).expect(201);
    const id = doc.body.id as number;
    await api().get(`/api/documents/${id}/revisions`).set('Cookie', user.cookie).expect(200, []);
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ content: 'second' }).expect(200);
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ content: 'third' }).expect(200);
    // A title change alone and a save of identical content are not content changes.
    await api().patch(`/api/documents/${id}`).set('Cookie', user.cookie).send({ title: 'Spec v3', content: 'third' }).expect(200);

    const before = await api().get(`/api/documents/${id}/revisions`).set('Cookie', user.cookie).expect(200);
    expect(before.body.map((r: { content: string }) => r.content)).toEqual(['second', 'original']);
    expect(before.body[0]).toEqual({ id: expect.any(Number), documentId: id, title: 'Spec', content: 'second', source: 'user', createdAt: expect.any(String) });

    const original = before.body[1] as { id: number };
    const restored = await api().post(`/api/documents/${id}/revisions/${original.id}/restore`).set('Cookie', user.cookie).expect(200);
    expect(restored.body).toMatchObject({ id, title: 'Spec v3', content: 'original' });
    await api().get(`/api/documents/${id}`).set('Cookie', user.cookie).expect(200).expect((res) => expect(res.body.content).toBe('original'));

    const after = await api().get(`/api/documents/${id}/revisions`).set('Cookie', user.cookie).expect(200);
    expect(after.body).toHaveLength(3);
    expect(after.body.map((r: { content: string }) => r.content)).toEqual(['third', 'second', 'original']);

    const missing = await api().post(`/api/documents/${id}/revisions/999999/restore`).set('Cookie', user.cookie).expect(404);
    expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'Revision not found' });
  });

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
      await api().post('/api/projects').set('Cookie', owner.cookie).send({ name: `P${i}` }).expect(201);
      await api().post('/api/documents').set('Cookie', owner.cookie).send({ title: `D${i}`, content: 'x' }).expect(201);
    }
    const res = await api().get('/api/activities').set('Cookie', owner.cookie).expect(200);
    expect(res.body).toHaveLength(50);
    expect(res.body[0]).toMatchObject({ type: 'document_created', title: 'D26' });
  });
});
