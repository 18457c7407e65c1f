import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import type { Test } from 'supertest';
import { DOCUMENT_CONTENT_MAX, DOCUMENT_TITLE_MAX, PROJECT_NAME_MAX } from '@prd/proto';
import { internalHeaders, registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

// Two real services start per suite; a shared 2-core machine can make that slow.

/** Bad input is always a 4xx with a clear message, never a 500. */
describe('bad input', () => {
  let stack: ContentStack;
  let user: TestUser;
  let other: TestUser;
  let docId: number;
  const api = () => request(stack.content.url);
  beforeAll(async () => {
    stack = await startContentStack();
    [user, other] = await Promise.all([registerUser(stack), registerUser(stack)]);
    docId = (await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Doc', content: 'x' }).expect(201)).body.id;
  });
  afterAll(() => stack.close());

  const expect400 = async (call: Test, message: string) => {
    const res = await call.set('Cookie', user.cookie).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    return res;
  };

  it('names the missing title and content with the spec’s messages', async () => {
    const res = await expect400(api().post('/api/documents').send({}), 'Document title is required');
    expect(res.body.fields).toEqual({ title: 'Document title is required', content: 'No content to upload' });
    await expect400(api().post('/api/documents').send({ title: '   ', content: 'x' }), 'Document title is required');
    await expect400(api().post('/api/documents').send({ title: 'T', content: '  \n ' }), 'No content to upload');
  });

  it('makes no guest of an anonymous visitor whose first document is rejected', async () => {
    const res = await api().post('/api/documents').send({ title: 'Empty', content: '' }).expect(400);
    expect(res.body.message).toBe('No content to upload');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses wrong types', async () => {
    await expect400(api().post('/api/documents').send({ title: 42, content: 'x' }), 'Document title must be text');
    await expect400(
      api()
        .post('/api/documents')
        .send({ title: 'T', content: ['x'] }),
      'Document content must be text',
    );
    await expect400(api().post('/api/documents').send({ title: 'T', content: 'x', projectId: 'one' }), 'Project id must be a number');
    await expect400(api().post('/api/documents').send({ title: 'T', content: 'x', projectId: 1.5 }), 'Project id must be a number');
    await expect400(api().patch(`/api/documents/${docId}`).send({ projectId: true }), 'Project id must be a number');
    await expect400(
      api()
        .post('/api/projects')
        .send({ name: { first: 'x' } }),
      'Project name must be text',
    );
    await expect400(
      api()
        .post('/api/documents')
        .send([{ title: 'T', content: 'x' }]),
      'The request body must be a JSON object',
    );
    await expect400(api().patch(`/api/documents/${docId}`).send({}), 'Nothing to update: send a title, content, projectId or workspaceId');
  });

  it('refuses huge titles and content with their limits', async () => {
    await expect400(
      api()
        .post('/api/documents')
        .send({ title: 't'.repeat(DOCUMENT_TITLE_MAX + 1), content: 'x' }),
      `Document title must be at most ${DOCUMENT_TITLE_MAX} characters`,
    );
    await expect400(
      api()
        .patch(`/api/documents/${docId}`)
        .send({ title: 't'.repeat(DOCUMENT_TITLE_MAX + 1) }),
      `Document title must be at most ${DOCUMENT_TITLE_MAX} characters`,
    );
    await expect400(
      api()
        .post('/api/documents')
        .send({ title: 'T', content: 'c'.repeat(DOCUMENT_CONTENT_MAX + 1) }),
      `Document content must be at most ${DOCUMENT_CONTENT_MAX} characters`,
    );
    await expect400(
      api()
        .post('/api/projects')
        .send({ name: 'n'.repeat(PROJECT_NAME_MAX + 1) }),
      `Project name must be at most ${PROJECT_NAME_MAX} characters`,
    );
    const atLimit = await api()
      .post('/api/documents')
      .set('Cookie', user.cookie)
      .send({ title: 't'.repeat(DOCUMENT_TITLE_MAX), content: 'x' })
      .expect(201);
    expect(atLimit.body.title).toHaveLength(DOCUMENT_TITLE_MAX);
  });

  it('refuses non-numeric ids', async () => {
    for (const id of ['abc', '1e3', '0x10', '-1', '2147483648']) {
      await expect400(api().get(`/api/documents/${id}`), 'Document id must be a number');
      await expect400(api().patch(`/api/documents/${id}`).send({ title: 'x' }), 'Document id must be a number');
      await expect400(api().delete(`/api/documents/${id}`), 'Document id must be a number');
      await expect400(api().get(`/api/documents/${id}/revisions`), 'Document id must be a number');
      await expect400(api().get(`/api/projects/${id}/documents`), 'Project id must be a number');
      await expect400(api().get(`/api/templates/${id}`), 'Template id must be a number');
    }
    await expect400(api().post(`/api/documents/${docId}/revisions/abc/restore`), 'Revision id must be a number');
  });

  it('ignores unknown fields: a userId in a body never picks the owner', async () => {
    const created = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Mine', content: 'x', userId: other.id, ownerId: other.id, id: 1 }).expect(201);
    expect(created.body).not.toHaveProperty('userId');
    await api().get(`/api/documents/${created.body.id}`).set('Cookie', other.cookie).expect(404);
    await api().get(`/api/documents/${created.body.id}`).set('Cookie', user.cookie).expect(200);

    await api().patch(`/api/documents/${created.body.id}`).set('Cookie', user.cookie).send({ title: 'Still mine', userId: other.id, ownerId: other.id }).expect(200);
    await api().get(`/api/documents/${created.body.id}`).set('Cookie', other.cookie).expect(404);

    const project = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Mine', userId: other.id, ownerId: other.id }).expect(201);
    await api().get(`/api/projects/${project.body.id}`).set('Cookie', other.cookie).expect(404);
    await api().get('/api/projects').set('Cookie', other.cookie).expect(200, []);
  });

  it('answers malformed JSON and a form post with a 4xx, never a 500', async () => {
    const res = await api().post('/api/documents').set('Cookie', user.cookie).set('Content-Type', 'application/json').send('{"title":').expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/not valid JSON/) });
    await api().post('/api/documents').set('Cookie', user.cookie).type('form').send('title=x&content=y').expect(415);
  });

  it('validates the internal routes’ input too', async () => {
    const headers = internalHeaders('chat-worker');
    const noUser = await api().get(`/internal/documents/${docId}`).set(headers).expect(400);
    expect(noUser.body).toMatchObject({ message: 'userId must be a number' });
    const badSource = await api().put(`/internal/documents/${docId}/content`).set(headers).send({ userId: user.id, content: 'x', source: 'robot' }).expect(400);
    expect(badSource.body).toMatchObject({ message: 'source must be user, ai or flow' });
  });
});
