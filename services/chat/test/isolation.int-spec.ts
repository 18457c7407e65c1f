import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import { guest, registered, startChatStack, useUpMessages, type ChatStack, type TestUser } from './support/chat-stack.js';

describe("another user's document or project is 404 on every chat route", () => {
  let stack: ChatStack;
  let owner: TestUser;
  let intruder: TestUser;
  let documentId: number;
  let projectId: number;
  beforeAll(async () => {
    stack = await startChatStack();
    [owner, intruder] = await Promise.all([registered(stack), guest(stack)]);
    projectId = (await request(stack.content.url).post('/api/projects').set('Cookie', owner.cookie).send({ name: 'Secret' }).expect(201)).body.id;
    documentId = (await request(stack.content.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Secret', content: '# Secret\n\nText', projectId }).expect(201))
      .body.id;
  }, 60_000);
  afterAll(() => stack.close(), 60_000);

  it.each([
    ['POST /api/chat (document)', () => request(stack.chat.url).post('/api/chat').send({ content: 'Hi', documentId })],
    [
      'POST /api/chat (shell panel)',
      () =>
        request(stack.chat.url)
          .post('/api/chat')
          .send({ content: 'Hi', documentId: String(documentId) }),
    ],
    ['POST /api/chat (project)', () => request(stack.chat.url).post('/api/chat').send({ content: 'Hi', projectId })],
    ['GET /api/chat?documentId=', () => request(stack.chat.url).get(`/api/chat?documentId=${documentId}`)],
    ['GET /api/chat?projectId=', () => request(stack.chat.url).get(`/api/chat?projectId=${projectId}`)],
    ['GET /api/chat/:documentId', () => request(stack.chat.url).get(`/api/chat/${documentId}`)],
    ['POST /api/document-flow/message', () => request(stack.chat.url).post('/api/document-flow/message').send({ documentId, content: 'Hi' })],
    ['GET /api/realtime/session-token?documentId=', () => request(stack.chat.url).get(`/api/realtime/session-token?documentId=${documentId}`)],
  ])('%s', async (_name, call) => {
    const before = (await request(stack.identity.url).get('/api/usage').set('Cookie', intruder.cookie)).body;
    const res = await call().set('Cookie', intruder.cookie);
    // The session-token route needs a key before it looks at the document: without one it is 503, never the document.
    if (_name.startsWith('GET /api/realtime')) expect([404, 503]).toContain(res.status);
    else expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Text');
    expect((await request(stack.identity.url).get('/api/usage').set('Cookie', intruder.cookie)).body).toEqual(before);
  });

  // The access check and the allowance are asked for at once (AiJobsService.run): the check's answer comes first.
  it('answers 404, not LIMIT_EXCEEDED, to a user with no messages left', async () => {
    const spent = await guest(stack);
    await useUpMessages(stack, spent);
    const before = (await request(stack.identity.url).get('/api/usage').set('Cookie', spent.cookie)).body;
    const res = await request(stack.chat.url).post('/api/chat').set('Cookie', spent.cookie).send({ content: 'Hi', documentId }).expect(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Document not found' });
    expect((await request(stack.identity.url).get('/api/usage').set('Cookie', spent.cookie)).body).toEqual(before);
  });
});
