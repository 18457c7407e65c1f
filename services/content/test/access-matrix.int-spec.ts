import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import type { Test } from 'supertest';
import { internalHeaders, registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

// Two real services start per suite; a shared 2-core machine can make that slow.

/** User B must find nothing of user A's: every call is a 404 (never a 403), and lists never show A's work. */
describe('two users: B can reach nothing of A', () => {
  let stack: ContentStack;
  let a: TestUser;
  let b: TestUser;
  let aDoc: { id: number; content: string };
  let aProject: { id: number };
  let aRevisionId: number;
  let bDoc: { id: number };
  let bProject: { id: number };
  const api = () => request(stack.content.url);

  beforeAll(async () => {
    stack = await startContentStack();
    [a, b] = await Promise.all([registerUser(stack), registerUser(stack)]);
    aProject = (await api().post('/api/projects').set('Cookie', a.cookie).send({ name: 'A project', description: 'secret' }).expect(201)).body;
    const created = await api().post('/api/documents').set('Cookie', a.cookie).send({ title: 'A doc', content: 'A v1', projectId: aProject.id }).expect(201);
    aDoc = (await api().patch(`/api/documents/${created.body.id}`).set('Cookie', a.cookie).send({ content: 'A v2' }).expect(200)).body;
    aRevisionId = (await api().get(`/api/documents/${aDoc.id}/revisions`).set('Cookie', a.cookie).expect(200)).body[0].id;
    bProject = (await api().post('/api/projects').set('Cookie', b.cookie).send({ name: 'B project' }).expect(201)).body;
    bDoc = (await api().post('/api/documents').set('Cookie', b.cookie).send({ title: 'B doc', content: 'B' }).expect(201)).body;
  });
  afterAll(() => stack.close());

  const notFound = (message: string) => ({ code: 'NOT_FOUND', message });

  it('answers 404 to every read, update, delete and revision call on A’s document', async () => {
    const calls: [Test, string][] = [
      [api().get(`/api/documents/${aDoc.id}`), 'Document not found'],
      [api().get(`/api/documents/${aDoc.id}?t=1`), 'Document not found'],
      [api().patch(`/api/documents/${aDoc.id}`).send({ content: 'hijacked' }), 'Document not found'],
      [api().patch(`/api/documents/${aDoc.id}`).send({ title: 'hijacked' }), 'Document not found'],
      [api().patch(`/api/documents/${aDoc.id}`).send({ projectId: bProject.id }), 'Document not found'],
      [api().patch(`/api/documents/${aDoc.id}`).send({ projectId: null }), 'Document not found'],
      [api().delete(`/api/documents/${aDoc.id}`), 'Document not found'],
      [api().get(`/api/documents/${aDoc.id}/revisions`), 'Document not found'],
      [api().post(`/api/documents/${aDoc.id}/revisions/${aRevisionId}/restore`), 'Document not found'],
      [api().post(`/api/documents/${bDoc.id}/revisions/${aRevisionId}/restore`), 'Revision not found'],
    ];
    for (const [call, message] of calls) {
      const res = await call.set('Cookie', b.cookie).expect(404);
      expect(res.body).toEqual(notFound(message));
    }
  });

  it('answers 404 to every read, update, delete and attach call on A’s project', async () => {
    const calls: [Test, string][] = [
      [api().get(`/api/projects/${aProject.id}`), 'Project not found'],
      [api().get(`/api/projects/${aProject.id}/documents`), 'Project not found'],
      [api().patch(`/api/projects/${aProject.id}`).send({ name: 'hijacked' }), 'Project not found'],
      [api().delete(`/api/projects/${aProject.id}`), 'Project not found'],
      [api().patch(`/api/documents/${bDoc.id}`).send({ projectId: aProject.id }), 'Project not found'],
      [api().post('/api/documents').send({ title: 'Sneaky', content: 'x', projectId: aProject.id }), 'Project not found'],
    ];
    for (const [call, message] of calls) {
      const res = await call.set('Cookie', b.cookie).expect(404);
      expect(res.body).toEqual(notFound(message));
    }
  });

  it('never shows A’s work in B’s lists', async () => {
    const docs = await api().get('/api/documents').set('Cookie', b.cookie).expect(200);
    expect(docs.body.map((d: { id: number }) => d.id)).toEqual([bDoc.id]);
    const projects = await api().get('/api/projects').set('Cookie', b.cookie).expect(200);
    expect(projects.body.map((p: { id: number }) => p.id)).toEqual([bProject.id]);
    const own = await api().get(`/api/projects/${bProject.id}/documents`).set('Cookie', b.cookie).expect(200);
    expect(own.body).toEqual([]);
    const activities = await api().get('/api/activities').set('Cookie', b.cookie).expect(200);
    for (const activity of activities.body as { documentId: number | null; projectId: number | null }[]) {
      expect(activity.documentId).not.toBe(aDoc.id);
      expect(activity.projectId).not.toBe(aProject.id);
    }
  });

  it('leaves A’s document and project exactly as they were', async () => {
    const doc = await api().get(`/api/documents/${aDoc.id}`).set('Cookie', a.cookie).expect(200);
    expect(doc.body).toEqual(aDoc);
    const revisions = await api().get(`/api/documents/${aDoc.id}/revisions`).set('Cookie', a.cookie).expect(200);
    expect(revisions.body).toHaveLength(1);
    const project = await api().get(`/api/projects/${aProject.id}`).set('Cookie', a.cookie).expect(200);
    expect(project.body).toMatchObject({ name: 'A project', description: 'secret' });
    const projectDocs = await api().get(`/api/projects/${aProject.id}/documents`).set('Cookie', a.cookie).expect(200);
    expect(projectDocs.body.map((d: { id: number }) => d.id)).toEqual([aDoc.id]);
  });

  it('scopes the internal routes to the user the caller names', async () => {
    const headers = internalHeaders('chat-worker');
    await api().get(`/internal/documents/${aDoc.id}?userId=${b.id}`).set(headers).expect(404);
    await api().put(`/internal/documents/${aDoc.id}/content`).set(headers).send({ userId: b.id, content: 'hijacked', source: 'ai' }).expect(404);
    await api().get(`/internal/projects/${aProject.id}/context?userId=${b.id}`).set(headers).expect(404);
    await api().post('/internal/documents').set(internalHeaders('chat')).send({ userId: b.id, title: 'x', content: 'y', projectId: aProject.id, source: 'flow' }).expect(404);
    await api().get(`/internal/documents/${aDoc.id}?userId=${a.id}`).set(headers).expect(200);
  });
});
