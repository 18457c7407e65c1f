import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import { guest, registered, startChatStack, userKey, type ChatStack, type TestUser } from './support/chat-stack.js';

describe('/api/chat/threads', () => {
  let stack: ChatStack;
  let owner: TestUser;
  let other: TestUser;
  let aiUser: TestUser;
  beforeAll(async () => {
    stack = await startChatStack();
    [owner, other, aiUser] = await Promise.all([guest(stack), guest(stack), registered(stack, userKey())]);
  }, 60_000);
  afterAll(() => stack.close(), 60_000);
  beforeEach(() => stack.openai.reset());

  const api = (user: TestUser) => ({
    get: (path: string) => request(stack.chat.url).get(path).set('Cookie', user.cookie),
    post: (path: string, body?: object) => request(stack.chat.url).post(path).set('Cookie', user.cookie).send(body),
    put: (path: string, body: object) => request(stack.chat.url).put(path).set('Cookie', user.cookie).send(body),
    del: (path: string) => request(stack.chat.url).delete(path).set('Cookie', user.cookie),
  });

  it('gives a visitor without a user an empty list', async () => {
    const res = await request(stack.chat.url).get('/api/chat/threads').expect(200);
    expect(res.body).toEqual([]);
  });

  it('creates, lists, shows, renames and deletes a thread; a blank title becomes "New conversation"', async () => {
    const created = await api(owner).post('/api/chat/threads', { title: '  ' }).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), title: 'New conversation', updatedAt: expect.any(String) });
    const id = created.body.id as number;
    const named = await api(owner).post('/api/chat/threads', { title: 'Pricing' }).expect(201);
    const list = await api(owner).get('/api/chat/threads').expect(200);
    expect(list.body.map((t: { id: number }) => t.id)).toEqual([named.body.id, id]);
    await api(owner).put(`/api/chat/threads/${id}`, { title: 'Roadmap' }).expect(200);
    const detail = await api(owner).get(`/api/chat/threads/${id}`).expect(200);
    expect(detail.body).toEqual({ thread: { id, title: 'Roadmap', updatedAt: expect.any(String) }, messages: [] });
    await api(owner).put(`/api/chat/threads/${id}`, { title: '' }).expect(200);
    expect((await api(owner).get(`/api/chat/threads/${id}`).expect(200)).body.thread.title).toBe('New conversation');
    await api(owner).del(`/api/chat/threads/${id}`).expect(204);
    await api(owner).get(`/api/chat/threads/${id}`).expect(404);
  });

  it("keeps a thread's messages in the thread, moves it to the top and titles it from the first exchange offline", async () => {
    const a = (await api(owner).post('/api/chat/threads', {}).expect(201)).body.id as number;
    const b = (await api(owner).post('/api/chat/threads', {}).expect(201)).body.id as number;
    const reply = await api(owner).post('/api/chat', { content: 'Plan a mobile checkout redesign for Q3', mode: 'general', threadId: a }).expect(200);
    expect(reply.body.assistantMessage.threadId).toBe(a);
    const list = await api(owner).get('/api/chat/threads').expect(200);
    expect(list.body[0].id).toBe(a);
    const detail = await api(owner).get(`/api/chat/threads/${a}`).expect(200);
    expect(detail.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect((await api(owner).get(`/api/chat/threads/${b}`).expect(200)).body.messages).toEqual([]);
    const titled = await api(owner).post(`/api/chat/threads/${a}/auto-title`).expect(200);
    expect(titled.body).toEqual({ title: 'Plan a mobile checkout redesign for' });
    expect((await api(owner).get(`/api/chat/threads/${a}`).expect(200)).body.thread.title).toBe('Plan a mobile checkout redesign for');
    // No exchange yet: nothing to title from, so the fallback.
    expect((await api(owner).post(`/api/chat/threads/${b}/auto-title`).expect(200)).body).toEqual({ title: 'New Conversation' });
  });

  it('titles with the model, and falls back to "New Conversation" when the model fails', async () => {
    const id = (await api(aiUser).post('/api/chat/threads', {}).expect(201)).body.id as number;
    await api(aiUser).post('/api/chat', { content: 'How should we price the team plan?', threadId: id }).expect(200);
    stack.openai.script.push({ reply: '"Team Plan Pricing."' });
    expect((await api(aiUser).post(`/api/chat/threads/${id}/auto-title`).expect(200)).body).toEqual({ title: 'Team Plan Pricing' });
    expect(stack.openai.requests.at(-1)!.body.messages![0]!.content).toContain('How should we price the team plan?');
    // Asked again for the same title, it runs no job and answers the current title.
    const sent = stack.openai.requests.length;
    expect((await api(aiUser).post(`/api/chat/threads/${id}/auto-title`).expect(200)).body).toEqual({ title: 'Team Plan Pricing' });
    expect(stack.openai.requests).toHaveLength(sent);
    // A rename allows one more.
    await api(aiUser).put(`/api/chat/threads/${id}`, { title: 'Pricing' }).expect(200);
    stack.openai.respond = () => ({ status: 400 });
    expect((await api(aiUser).post(`/api/chat/threads/${id}/auto-title`).expect(200)).body).toEqual({ title: 'New Conversation' });
    expect(stack.openai.requests.length).toBeGreaterThan(sent);
  });

  it('runs at most one auto-title job for concurrent requests on the same title', async () => {
    const id = (await api(aiUser).post('/api/chat/threads', {}).expect(201)).body.id as number;
    await api(aiUser).post('/api/chat', { content: 'Churn analysis for Q2', threadId: id }).expect(200);
    const before = stack.openai.requests.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(aiUser).post(`/api/chat/threads/${id}/auto-title`).expect(200)));
    expect(stack.openai.requests.length - before).toBe(1);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it("answers 404 for every route on another user's thread", async () => {
    const id = (await api(owner).post('/api/chat/threads', { title: 'Mine' }).expect(201)).body.id as number;
    await api(other).get(`/api/chat/threads/${id}`).expect(404);
    await api(other).put(`/api/chat/threads/${id}`, { title: 'Hijack' }).expect(404);
    await api(other).del(`/api/chat/threads/${id}`).expect(404);
    await api(other).post(`/api/chat/threads/${id}/auto-title`).expect(404);
    const res = await api(other).post('/api/chat', { content: 'Hi', threadId: id }).expect(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Thread not found' });
    expect((await api(owner).get(`/api/chat/threads/${id}`).expect(200)).body.thread.title).toBe('Mine');
  });

  it('answers 400 for an id that is not a number', async () => {
    await api(owner).get('/api/chat/threads/abc').expect(400);
  });
});
