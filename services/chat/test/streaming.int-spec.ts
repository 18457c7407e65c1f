import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { browserRequest as request, startTestService, type TestService } from '@prd/kit/testing';
import type { ChatMessage, ChatReply } from '@prd/proto';
import { AppModule as ChatModule, SERVICE as CHAT } from '../src/app.module.js';
import { configSchema as chatSchema, type Config as ChatConfig } from '../src/config.js';
import { guest, registered, startChatStack, userKey, type ChatStack, type TestUser } from './support/chat-stack.js';
import { postSse, streamedText, type ReceivedEvent } from './support/sse-client.js';

const usage = async (stack: ChatStack, user: TestUser) => (await request(stack.identity.url).get('/api/usage').set('Cookie', user.cookie).expect(200)).body as { messages: number };
const isDone = (e: ReceivedEvent) => e.event === 'done' || e.event === 'error';
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('streamed replies over Server-Sent Events (docs/decisions/0014-streaming-replies.md)', () => {
  let stack: ChatStack;
  let offlineUser: TestUser;
  let aiUser: TestUser;
  beforeAll(async () => {
    stack = await startChatStack({ chatEnv: { SSE_HEARTBEAT_MS: '50', AI_JOB_TIMEOUT_MS: '20000' }, identityEnv: { GUEST_MESSAGES_LIMIT: '2', USER_MESSAGES_LIMIT: '' } });
    [offlineUser, aiUser] = await Promise.all([registered(stack), registered(stack, userKey())]);
  }, 60_000);
  afterAll(() => stack.close(), 60_000);
  beforeEach(() => stack.openai.reset());
  const completions = () => stack.openai.requests.filter((r) => r.path === '/v1/chat/completions');

  it('streams the offline assistant as deltas whose text is the stored reply, then `done` with the JSON body', async () => {
    const before = await usage(stack, offlineUser);
    const call = await postSse(stack.chat.url, '/api/chat', offlineUser.cookie, { content: 'What metrics should I track?' });
    expect(call.status).toBe(200);
    expect(call.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(call.headers.get('x-accel-buffering')).toBe('no');
    expect(call.headers.get('x-reply-timeout')).toBe(String(stack.chat.config.AI_REPLY_TIMEOUT_S));
    const done = await call.until(isDone);
    expect(done.event).toBe('done');
    const body = done.data as ChatReply;
    expect(Object.keys(body).sort()).toEqual(['assistantMessage', 'documentUpdated', 'updatedDocument', 'userMessage']);
    expect(call.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(5);
    expect(streamedText(call.events)).toBe(body.assistantMessage.content);
    expect(body.assistantMessage).toMatchObject({ role: 'assistant', provider: 'offline', stopped: false });
    await call.finished;
    expect((await usage(stack, offlineUser)).messages).toBe(before.messages + 1);
  });

  it('streams a model reply token by token and keeps a slow stream alive with comment lines', async () => {
    stack.openai.script.push({ reply: 'Slow but steady answer', tokenDelayMs: 150 });
    const call = await postSse(stack.chat.url, '/api/chat', aiUser.cookie, { content: 'Take your time' });
    const firstDelta = await call.until((e) => e.event === 'delta');
    expect(firstDelta.data).toEqual({ content: 'Slow ' });
    // The reply is not finished yet when its first words are out.
    expect(call.events.some(isDone)).toBe(false);
    await call.until((e) => e.event === ':comment' && e.data === 'keep-alive');
    const done = await call.until(isDone);
    expect(streamedText(call.events)).toBe('Slow but steady answer');
    expect((done.data as ChatReply).assistantMessage.content).toBe('Slow but steady answer');
  });

  it('answers the JSON body as before when the client does not ask for a stream', async () => {
    const res = await request(stack.chat.url).post('/api/chat').set('Cookie', offlineUser.cookie).send({ content: 'Plain JSON please' }).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-reply-timeout']).toBe(String(stack.chat.config.AI_REPLY_TIMEOUT_S));
    expect(res.body.assistantMessage).toMatchObject({ role: 'assistant', stopped: false });
  });

  it('routes each stream to the replica holding its request when two chat replicas share Redis and the worker', async () => {
    let second: TestService<ChatConfig> | undefined;
    try {
      second = await startTestService({ service: CHAT, configSchema: chatSchema, module: (c, l) => ChatModule.register(c, l), env: stack.chatEnv });
      stack.openai.respond = (req) => {
        const last = (req.body.messages ?? []).filter((m) => m.role === 'user').at(-1)?.content ?? '';
        return { reply: `Answer for ${last} in several tokens`, tokenDelayMs: 20 };
      };
      const [a, b] = await Promise.all([
        postSse(stack.chat.url, '/api/chat', aiUser.cookie, { content: 'replica-A' }),
        postSse(second.url, '/api/chat', aiUser.cookie, { content: 'replica-B' }),
      ]);
      await Promise.all([a.until(isDone), b.until(isDone)]);
      expect(streamedText(a.events)).toBe('Answer for replica-A in several tokens');
      expect(streamedText(b.events)).toBe('Answer for replica-B in several tokens');
      expect(a.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(3);
      expect(b.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(3);
    } finally {
      await second?.close();
    }
  });

  it('Stop: closing the request aborts the provider request, keeps the partial reply marked stopped, and counts it once', async () => {
    const user = await registered(stack, userKey());
    const full = words(60);
    stack.openai.script.push({ reply: full, tokenDelayMs: 100 });
    const before = await usage(stack, user);
    const call = await postSse(stack.chat.url, '/api/chat', user.cookie, { content: 'A long answer, please' });
    await call.until((e) => e.event === 'delta' && streamedText(call.events).split(' ').length > 3);
    call.abort();
    // The worker aborted its request to the provider: the OpenAI-compatible server saw its connection close.
    await completions()[0]!.closedEarly;
    let stored: ChatMessage[] = [];
    while (!stored.some((m) => m.role === 'assistant')) {
      stored = (await request(stack.chat.url).get('/api/chat').set('Cookie', user.cookie).expect(200)).body as ChatMessage[];
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [question, reply] = stored;
    expect(question).toMatchObject({ role: 'user', content: 'A long answer, please' });
    expect(reply).toMatchObject({ role: 'assistant', stopped: true });
    expect(reply!.content.length).toBeGreaterThan(0);
    expect(full.startsWith(reply!.content)).toBe(true);
    expect(reply!.content.length).toBeLessThan(full.length);
    expect((await usage(stack, user)).messages).toBe(before.messages + 1);
  });

  it('answers a guest over the limit with one `error` event carrying LIMIT_EXCEEDED', async () => {
    const visitor = await guest(stack);
    await stack.identityClient.consume(visitor.id, 'messages');
    await stack.identityClient.consume(visitor.id, 'messages');
    const call = await postSse(stack.chat.url, '/api/chat', visitor.cookie, { content: 'One more?' });
    const error = await call.until(isDone);
    expect(error.event).toBe('error');
    expect(error.data).toMatchObject({ code: 'LIMIT_EXCEEDED', status: 429 });
    await call.finished;
    expect(call.events.filter((e) => e.event === 'error')).toHaveLength(1);
  });

  it('regenerates the last reply of a thread: the same question, a new reply in its place, one more message counted', async () => {
    const user = await registered(stack, userKey());
    const thread = (await request(stack.chat.url).post('/api/chat/threads').set('Cookie', user.cookie).send({ title: 'Regen' }).expect(201)).body as { id: number };
    stack.openai.script.push({ reply: 'First try' }, { reply: 'Second try' });
    const first = (await request(stack.chat.url).post('/api/chat').set('Cookie', user.cookie).send({ content: 'Name ideas', threadId: thread.id }).expect(200)).body as ChatReply;
    const before = await usage(stack, user);
    const call = await postSse(stack.chat.url, '/api/chat/regenerate', user.cookie, { threadId: thread.id });
    const done = await call.until(isDone);
    const body = done.data as ChatReply;
    expect(body.assistantMessage.content).toBe('Second try');
    expect(body.userMessage.id).toBe(first.userMessage.id);
    expect(streamedText(call.events)).toBe('Second try');
    // The model saw the question once, without the replaced reply.
    expect(completions()[1]!.body.messages!.map((m) => m.content)).not.toContain('First try');
    const detail = (await request(stack.chat.url).get(`/api/chat/threads/${thread.id}`).set('Cookie', user.cookie).expect(200)).body as { messages: ChatMessage[] };
    expect(detail.messages.map((m) => [m.id, m.content])).toEqual([
      [first.userMessage.id, 'Name ideas'],
      [body.assistantMessage.id, 'Second try'],
    ]);
    expect((await usage(stack, user)).messages).toBe(before.messages + 1);
  });

  it("refuses to regenerate where there is no reply, and hides another user's thread", async () => {
    const thread = (await request(stack.chat.url).post('/api/chat/threads').set('Cookie', aiUser.cookie).send({ title: 'Empty' }).expect(201)).body as { id: number };
    const empty = await request(stack.chat.url).post('/api/chat/regenerate').set('Cookie', aiUser.cookie).send({ threadId: thread.id }).expect(409);
    expect(empty.body).toMatchObject({ code: 'CONFLICT', message: 'There is no reply to regenerate' });
    await request(stack.chat.url).post('/api/chat/regenerate').set('Cookie', offlineUser.cookie).send({ threadId: thread.id }).expect(404);
    await request(stack.chat.url).post('/api/chat/regenerate').set('Cookie', offlineUser.cookie).send({}).expect(400);
  });

  it('streams document chat, whose `done` says the document changed, and regenerates its last reply', async () => {
    const doc = (
      await request(stack.content.url).post('/api/documents').set('Cookie', offlineUser.cookie).send({ title: 'Plan', content: '# Plan\n\n## Goals\n\nShip.' }).expect(201)
    ).body as { id: number };
    const call = await postSse(stack.chat.url, '/api/chat', offlineUser.cookie, { content: 'add a section called Risks', documentId: doc.id });
    const done = (await call.until(isDone)).data as ChatReply;
    expect(done.documentUpdated).toBe(true);
    expect(done.updatedDocument?.content).toContain('## Risks');
    expect(streamedText(call.events)).toBe(done.assistantMessage.content);
    const again = await postSse(stack.chat.url, '/api/chat/regenerate', offlineUser.cookie, { documentId: doc.id });
    const regenerated = (await again.until(isDone)).data as ChatReply;
    expect(regenerated.userMessage.id).toBe(done.userMessage.id);
    const stored = (await request(stack.chat.url).get(`/api/chat/${doc.id}`).set('Cookie', offlineUser.cookie).expect(200)).body as ChatMessage[];
    expect(stored.map((m) => m.id)).toEqual([done.userMessage.id, regenerated.assistantMessage.id]);
  });

  it('streams the document flow: start and each answer end with `done` holding the document', async () => {
    const templates = (await request(stack.content.url).get('/api/templates').expect(200)).body as { id: number }[];
    const start = await postSse(stack.chat.url, '/api/document-flow/start', offlineUser.cookie, { templateId: templates[0]!.id, title: 'Streamed flow' });
    const started = (await start.until(isDone)).data as { document: { id: number; content: string }; assistantMessage: ChatMessage; isComplete: boolean };
    expect(start.events.at(-1)?.event).not.toBe('error');
    expect(streamedText(start.events)).toBe(started.assistantMessage.content);
    const answer = await postSse(stack.chat.url, '/api/document-flow/message', offlineUser.cookie, { documentId: started.document.id, content: 'Teams lose track of decisions.' });
    const answered = (await answer.until(isDone)).data as { document: { content: string }; assistantMessage: ChatMessage };
    expect(answered.document.content).toContain('Teams lose track of decisions.');
    expect(streamedText(answer.events)).toBe(answered.assistantMessage.content);
  });
});
