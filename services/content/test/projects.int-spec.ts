import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import type { Test } from 'supertest';
import { GUEST_DOCS_LIMIT, guestWithDocument, registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

// Two real services start per suite; a shared 2-core machine can make that slow.

const ACCOUNT_REQUIRED = { code: 'ACCOUNT_REQUIRED', message: 'Registration required', description: 'Sign up to create and manage projects' };

describe('projects', () => {
  let stack: ContentStack;
  let user: TestUser;
  const api = () => request(stack.content.url);
  beforeAll(async () => {
    stack = await startContentStack();
    user = await registerUser(stack);
  });
  afterAll(() => stack.close());

  it('creates a project with the defaults of blank fields and reads it back', async () => {
    const res = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: '   ', description: '  ' }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Untitled Project',
      description: '',
      status: 'in-progress',
      workspaceId: null,
      role: 'owner',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await api().get(`/api/projects/${res.body.id}`).set('Cookie', user.cookie).expect(200, res.body);
    const done = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Billing', description: 'Invoices', status: 'completed' }).expect(201);
    expect(done.body).toMatchObject({ name: 'Billing', description: 'Invoices', status: 'completed' });
    const list = await api().get('/api/projects').set('Cookie', user.cookie).expect(200);
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([done.body.id, res.body.id]);
  });

  it('updates a project’s name, description and status', async () => {
    const p = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Search', description: '' }).expect(201);
    const res = await api().patch(`/api/projects/${p.body.id}`).set('Cookie', user.cookie).send({ name: 'Search v2', description: 'Faster', status: 'completed' }).expect(200);
    expect(res.body).toMatchObject({ id: p.body.id, name: 'Search v2', description: 'Faster', status: 'completed' });
    const bad = await api().patch(`/api/projects/${p.body.id}`).set('Cookie', user.cookie).send({ status: 'archived' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Project status must be in-progress or completed' });
  });

  it('attaches, lists, moves and detaches documents; deleting a project detaches its documents', async () => {
    const p1 = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Mobile' }).expect(201);
    const p2 = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Web' }).expect(201);
    const inside = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'In project', content: 'a', projectId: p1.body.id }).expect(201);
    expect(inside.body.projectId).toBe(p1.body.id);
    const loose = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Loose', content: 'b' }).expect(201);
    const attached = await api().patch(`/api/documents/${loose.body.id}`).set('Cookie', user.cookie).send({ projectId: p1.body.id }).expect(200);
    expect(attached.body.projectId).toBe(p1.body.id);

    const docs = await api().get(`/api/projects/${p1.body.id}/documents`).set('Cookie', user.cookie).expect(200);
    expect(docs.body.map((d: { id: number }) => d.id).sort()).toEqual([inside.body.id, loose.body.id].sort());
    expect(docs.body[0]).toHaveProperty('content');

    await api().patch(`/api/documents/${loose.body.id}`).set('Cookie', user.cookie).send({ projectId: p2.body.id }).expect(200);
    await api()
      .get(`/api/projects/${p1.body.id}/documents`)
      .set('Cookie', user.cookie)
      .expect(200)
      .expect((res) => expect(res.body.map((d: { id: number }) => d.id)).toEqual([inside.body.id]));
    const detached = await api().patch(`/api/documents/${loose.body.id}`).set('Cookie', user.cookie).send({ projectId: null }).expect(200);
    expect(detached.body.projectId).toBeNull();

    await api().delete(`/api/projects/${p1.body.id}`).set('Cookie', user.cookie).expect(200, { id: p1.body.id });
    await api().get(`/api/projects/${p1.body.id}`).set('Cookie', user.cookie).expect(404);
    const kept = await api().get(`/api/documents/${inside.body.id}`).set('Cookie', user.cookie).expect(200);
    expect(kept.body).toMatchObject({ title: 'In project', content: 'a', projectId: null });
  });

  it("pages a project's documents: all of up to 100 by default, limit and offset, the total in X-Total-Count", async () => {
    const p = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Paged' }).expect(201);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await api()
            .post('/api/documents')
            .set('Cookie', user.cookie)
            .send({ title: `D${i}`, content: `c${i}`, projectId: p.body.id })
            .expect(201)
        ).body.id,
      );
    const newestFirst = [...ids].reverse();
    const all = await api().get(`/api/projects/${p.body.id}/documents`).set('Cookie', user.cookie).expect(200);
    expect(all.body.map((d: { id: number }) => d.id)).toEqual(newestFirst);
    expect(all.headers['x-total-count']).toBe('5');
    const page = await api().get(`/api/projects/${p.body.id}/documents?limit=2&offset=2`).set('Cookie', user.cookie).expect(200);
    expect(page.body.map((d: { id: number }) => d.id)).toEqual(newestFirst.slice(2, 4));
    expect(page.headers['x-total-count']).toBe('5');
    for (const bad of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1']) {
      const res = await api().get(`/api/projects/${p.body.id}/documents?${bad}`).set('Cookie', user.cookie).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers a missing project with 404 and a non-integer id with 400', async () => {
    const missing = await api().get('/api/projects/999999').set('Cookie', user.cookie).expect(404);
    expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
    for (const id of ['abc', '1.5', '-2', '0', '99999999999']) {
      const res = await api().get(`/api/projects/${id}`).set('Cookie', user.cookie).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Project id must be a number' });
    }
    const attach = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'x', content: 'y', projectId: 999999 }).expect(404);
    expect(attach.body).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
  });

  it('refuses every project route to guests and anonymous visitors with ACCOUNT_REQUIRED', async () => {
    const guest = await guestWithDocument(stack);
    const own = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Registered only' }).expect(201);
    const id = own.body.id as number;
    const calls = (cookie?: string) => {
      const withCookie = (r: Test) => (cookie ? r.set('Cookie', cookie) : r);
      return [
        withCookie(api().get('/api/projects')),
        withCookie(api().post('/api/projects').send({ name: 'Mine' })),
        withCookie(api().get(`/api/projects/${id}`)),
        withCookie(api().patch(`/api/projects/${id}`).send({ name: 'Taken' })),
        withCookie(api().delete(`/api/projects/${id}`)),
        withCookie(api().get(`/api/projects/${id}/documents`)),
      ];
    };
    for (const call of [...calls(guest.cookie), ...calls()]) {
      const res = await call.expect(403);
      expect(res.body).toEqual(ACCOUNT_REQUIRED);
    }
    // An anonymous visitor is not made a guest by a refused call.
    const anonymous = await api().post('/api/projects').send({ name: 'Mine' }).expect(403);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    // Nothing changed.
    await api()
      .get(`/api/projects/${id}`)
      .set('Cookie', user.cookie)
      .expect(200)
      .expect((res) => expect(res.body.name).toBe('Registered only'));
    // A guest cannot attach a document to a project either: it names no project of theirs.
    await api().patch(`/api/documents/${guest.documentId}`).set('Cookie', guest.cookie).send({ projectId: id }).expect(404);
  });

  it('gives an anonymous writer a guest, and a guest over the document limit the LIMIT_EXCEEDED body', async () => {
    const guest = await guestWithDocument(stack);
    const me = await request(stack.identity.url).get('/api/current-user').set('Cookie', guest.cookie).expect(200);
    expect(me.body).toMatchObject({ isAuthenticated: true, isGuest: true, username: expect.stringMatching(/^guest-/) });
    for (let i = 1; i < GUEST_DOCS_LIMIT; i++) {
      await api()
        .post('/api/documents')
        .set('Cookie', guest.cookie)
        .send({ title: `Doc ${i}`, content: 'x' })
        .expect(201);
    }
    const over = await api().post('/api/documents').set('Cookie', guest.cookie).send({ title: 'One too many', content: 'x' }).expect(429);
    expect(over.body).toEqual({
      code: 'LIMIT_EXCEEDED',
      message: "You've reached the document limit",
      description: 'Sign up to create more documents and save your work.',
      limit: 'docs',
      usage: { docs: GUEST_DOCS_LIMIT, messages: 0, limits: { docs: GUEST_DOCS_LIMIT, messages: expect.any(Number) } },
    });
    const list = await api().get('/api/documents').set('Cookie', guest.cookie).expect(200);
    expect(list.body).toHaveLength(GUEST_DOCS_LIMIT);
    const usage = await request(stack.identity.url).get('/api/usage').set('Cookie', guest.cookie).expect(200);
    expect(usage.body.docs).toBe(GUEST_DOCS_LIMIT);
  });

  it('spends no allowance on a creation refused for a wrong project', async () => {
    const guest = await guestWithDocument(stack);
    await api().post('/api/documents').set('Cookie', guest.cookie).send({ title: 'x', content: 'y', projectId: 123456 }).expect(404);
    const usage = await request(stack.identity.url).get('/api/usage').set('Cookie', guest.cookie).expect(200);
    expect(usage.body.docs).toBe(1);
  });
});
