import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { browserRequest as request, testRedisUrl } from '@prd/kit/testing';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import { Queue, QueueEvents } from 'bullmq';
import type { RealtimeServerMessage } from '@prd/proto';
import type { AiJobData, AiJobResult, StreamEvent } from '../src/jobs/ai-job.js';
import { AI_QUEUE } from '../src/worker/ai-queue.js';
import { guest, registered, startChatStack, userKey, type ChatStack, type TestUser } from './support/chat-stack.js';

/** A `/ws` client that collects every frame. */
async function connect(stack: ChatStack, user: TestUser) {
  const ws = new WebSocket(`${stack.chat.url.replace('http', 'ws')}/ws`, { headers: { Cookie: user.cookie, Origin: stack.chat.url } });
  const frames: RealtimeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as RealtimeServerMessage);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const until = (test: (f: RealtimeServerMessage) => boolean) =>
    new Promise<RealtimeServerMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame; got ${JSON.stringify(frames)}`)), 10_000);
      const check = () => {
        const found = frames.find(test);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  return { ws, frames, send: (frame: object) => ws.send(JSON.stringify(frame)), until };
}

const final = (f: RealtimeServerMessage) => f.type === 'message' && !f.isPartial;

describe('realtime /ws and the voice session token', () => {
  let stack: ChatStack;
  let key: string;
  let offlineUser: TestUser;
  let aiUser: TestUser;
  beforeAll(async () => {
    stack = await startChatStack();
    key = userKey();
    [offlineUser, aiUser] = await Promise.all([guest(stack), registered(stack, key)]);
  }, 60_000);
  afterAll(() => stack.close(), 60_000);
  beforeEach(() => stack.openai.reset());

  it('refuses an upgrade without a session', async () => {
    const ws = new WebSocket(`${stack.chat.url.replace('http', 'ws')}/ws`, { headers: { Origin: stack.chat.url } });
    const status = await new Promise<number>((resolve) =>
      ws.once('unexpected-response', (req, res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      }),
    );
    expect(status).toBe(401);
  });

  it('initialises a session and streams an offline reply as partials, then a final message', async () => {
    const client = await connect(stack, offlineUser);
    client.send({ type: 'init_session', userId: offlineUser.id });
    const init = await client.until((f) => f.type === 'session_initialized');
    const sessionId = (init as { sessionId: string }).sessionId;
    client.send({ type: 'message', sessionId, content: 'What metrics should I track?' });
    const done = await client.until(final);
    const types = client.frames.map((f) => (f.type === 'message' ? `message:${f.isPartial}` : f.type));
    expect(types.indexOf('message_received')).toBeLessThan(types.indexOf('message:true'));
    expect(types.indexOf('message:true')).toBeLessThan(types.indexOf('message:false'));
    expect(done).toMatchObject({ role: 'assistant', isPartial: false });
    expect((done as { content: string }).content).toContain('North star');
    const partials = client.frames.filter((f) => f.type === 'message' && f.isPartial) as { content: string }[];
    expect((done as { content: string }).content.startsWith(partials[0]!.content)).toBe(true);
    client.send({ type: 'end_session', sessionId });
    client.send({ type: 'message', sessionId, content: 'Still there?' });
    expect(await client.until((f) => f.type === 'error')).toEqual({ type: 'error', message: 'Unknown session' });
    client.ws.close();
  });

  it('streams OpenAI tokens from the worker to the socket, and stores the reply with the document', async () => {
    const doc = (await request(stack.content.url).post('/api/documents').set('Cookie', aiUser.cookie).send({ title: 'Voice', content: '# Voice\n\n## Goals\n\nShip.' }).expect(201))
      .body;
    stack.openai.script.push({ reply: 'First token then the rest of the answer.' });
    const client = await connect(stack, aiUser);
    client.send({ type: 'init_session', userId: aiUser.id, documentId: doc.id, documentTitle: 'Voice', documentContext: 'client copy' });
    const { sessionId } = (await client.until((f) => f.type === 'session_initialized')) as { sessionId: string };
    client.send({ type: 'message', sessionId, content: 'Summarise it' });
    const done = await client.until(final);
    expect(done).toMatchObject({ content: 'First token then the rest of the answer.', isPartial: false });
    const partials = client.frames.filter((f) => f.type === 'message' && f.isPartial) as { content: string }[];
    expect(partials.map((p) => p.content)).toContain('First ');
    expect(stack.openai.requests[0]!.body.stream).toBe(true);
    const stored = await request(stack.chat.url).get(`/api/chat/${doc.id}`).set('Cookie', aiUser.cookie).expect(200);
    expect(stored.body.map((m: { content: string }) => m.content)).toEqual(['Summarise it', 'First token then the rest of the answer.']);
    client.ws.close();
  });

  it("runs a document's session as its document chat: the reply may edit the document, and its final frame says whether it did", async () => {
    const doc = (
      await request(stack.content.url).post('/api/documents').set('Cookie', offlineUser.cookie).send({ title: 'Plan', content: '# Plan\n\n## Goals\n\nShip.\n' }).expect(201)
    ).body;
    const client = await connect(stack, offlineUser);
    client.send({ type: 'init_session', userId: offlineUser.id, documentId: doc.id, documentTitle: 'Plan', documentContext: '# Plan' });
    const { sessionId } = (await client.until((f) => f.type === 'session_initialized')) as { sessionId: string };

    client.send({ type: 'message', sessionId, content: 'add a section called Risks' });
    expect(await client.until(final)).toMatchObject({ role: 'assistant', isPartial: false, documentUpdated: true });
    const stored = await request(stack.content.url).get(`/api/documents/${doc.id}`).set('Cookie', offlineUser.cookie).expect(200);
    expect(stored.body.content).toContain('## Risks');

    client.frames.length = 0;
    client.send({ type: 'message', sessionId, content: 'What metrics should I track?' });
    expect(await client.until(final)).toMatchObject({ isPartial: false, documentUpdated: false });
    const messages = await request(stack.chat.url).get(`/api/chat/${doc.id}`).set('Cookie', offlineUser.cookie).expect(200);
    expect(messages.body.map((m: { role: string; content: string }) => m.role === 'user' && m.content).filter(Boolean)).toEqual([
      'add a section called Risks',
      'What metrics should I track?',
    ]);
    client.ws.close();
  });

  it("has the worker close a reply's stream with an end marker after its last partial, on the same channel", async () => {
    const channel = `test:partials:${Date.now()}`;
    const subscriber = new Redis(testRedisUrl());
    const connection = { url: testRedisUrl() };
    const queue = new Queue<AiJobData, AiJobResult>(AI_QUEUE, { connection, prefix: stack.chatEnv.AI_QUEUE_PREFIX });
    const events = new QueueEvents(AI_QUEUE, { connection, prefix: stack.chatEnv.AI_QUEUE_PREFIX });
    try {
      const received: StreamEvent[] = [];
      subscriber.on('message', (_channel, raw: string) => received.push(JSON.parse(raw) as StreamEvent));
      await subscriber.subscribe(channel);
      await events.waitUntilReady();
      const job = await queue.add('chat', {
        userId: offlineUser.id,
        task: { kind: 'chat', mode: 'general', content: 'How do I pick a north star metric?', threadId: null },
        deadline: Date.now() + 10_000,
        consumed: null,
        stream: channel,
      });
      const result = await job.waitUntilFinished(events, 10_000);
      // Pub/sub and the job's completion travel on different connections: give the marker a moment.
      for (let i = 0; i < 100 && !received.some((e) => 'end' in e); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received.at(-1)).toEqual({ jobId: job.id, end: true });
      const partials = received.filter((e): e is { jobId: string; content: string } => 'content' in e);
      expect(partials.length).toBeGreaterThan(1);
      expect(partials.at(-1)!.content).toBe(result.assistantMessage!.content);
    } finally {
      await Promise.all([queue.close(), events.close()]);
      subscriber.disconnect();
    }
  });

  it('limits init_session frames per socket (REALTIME_INITS_PER_MINUTE, 20 by default); another socket is not held back', async () => {
    const doc = (await request(stack.content.url).post('/api/documents').set('Cookie', offlineUser.cookie).send({ title: 'Mine', content: '# Mine' }).expect(201)).body;
    const flood = await connect(stack, offlineUser);
    for (let i = 0; i < 25; i++) flood.send({ type: 'init_session', userId: offlineUser.id, documentId: doc.id });
    const count = (type: string) => flood.frames.filter((f) => f.type === type).length;
    await flood.until(() => count('session_initialized') + count('error') === 25);
    expect(count('session_initialized')).toBe(20);
    expect(flood.frames.filter((f) => f.type === 'error')).toEqual(
      Array.from({ length: 5 }, () => ({ type: 'error', message: 'Too many sessions started. Please wait a moment and try again.' })),
    );
    const other = await connect(stack, offlineUser);
    other.send({ type: 'init_session', userId: offlineUser.id, documentId: doc.id });
    expect((await other.until((f) => f.type !== 'error')).type).toBe('session_initialized');
    flood.ws.close();
    other.ws.close();
  });

  it("answers error frames for bad frames, another user's id and another user's document", async () => {
    const doc = (await request(stack.content.url).post('/api/documents').set('Cookie', aiUser.cookie).send({ title: 'Private', content: '# Private' }).expect(201)).body;
    const client = await connect(stack, offlineUser);
    client.ws.send('not json');
    expect(await client.until((f) => f.type === 'error')).toEqual({ type: 'error', message: 'Invalid message' });
    client.frames.length = 0;
    client.send({ type: 'init_session', userId: aiUser.id });
    expect(await client.until((f) => f.type === 'error')).toEqual({ type: 'error', message: 'Session does not belong to this user' });
    client.frames.length = 0;
    client.send({ type: 'init_session', userId: offlineUser.id, documentId: doc.id });
    expect(await client.until((f) => f.type === 'error')).toMatchObject({ type: 'error', message: expect.stringMatching(/not found/i) });
    client.ws.close();
  });

  it('gives no voice token to a visitor without a user', async () => {
    const res = await request(stack.chat.url).get('/api/realtime/session-token').expect(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('says whether the server has a key of its own for voice sessions, to anyone', async () => {
    expect((await request(stack.chat.url).get('/api/realtime/voice').expect(200)).body).toEqual({ serverKey: Boolean(stack.chatEnv.OPENAI_API_KEY) });
  });

  it('gives 503 with a clear message for a voice token when no key exists', async () => {
    const res = await request(stack.chat.url).get('/api/realtime/session-token').set('Cookie', offlineUser.cookie).expect(503);
    expect(res.body).toMatchObject({ code: 'AI_UNAVAILABLE', message: 'Voice chat needs an OpenAI API key' });
  });

  it("creates a realtime session with voice echo, English and the document's first 500 characters", async () => {
    const content = `# Long\n\n${'a'.repeat(600)}ZZZ`;
    const doc = (await request(stack.content.url).post('/api/documents').set('Cookie', aiUser.cookie).send({ title: 'Long', content }).expect(201)).body;
    const res = await request(stack.chat.url).get(`/api/realtime/session-token?documentId=${doc.id}`).set('Cookie', aiUser.cookie).expect(200);
    expect(res.body.client_secret.value).toMatch(/^ek_test_/);
    expect(res.body.url).toBe(`${stack.chatEnv.OPENAI_BASE_URL!.replace(/\/+$/, '')}/realtime?model=gpt-4o-realtime-preview`);
    const sent = stack.openai.requests.find((r) => r.path === '/v1/realtime/sessions')!;
    expect(sent.authorization).toBe(`Bearer ${key}`);
    expect(sent.body).toMatchObject({ voice: 'echo', model: 'gpt-4o-realtime-preview', input_audio_transcription: { language: 'en' } });
    expect(sent.body.instructions).toContain(content.slice(0, 500));
    expect(sent.body.instructions).not.toContain('ZZZ');
  });

  it("mints the token in the chat worker, which answers another user's document with content's 404 and spends nothing", async () => {
    const foreign = (await request(stack.content.url).post('/api/documents').set('Cookie', offlineUser.cookie).send({ title: 'Not yours', content: '# Secret' }).expect(201)).body;
    const minted = stack.openai.requests.filter((r) => r.path === '/v1/realtime/sessions').length;
    const res = await request(stack.chat.url).get(`/api/realtime/session-token?documentId=${foreign.id}`).set('Cookie', aiUser.cookie).expect(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(stack.openai.requests.filter((r) => r.path === '/v1/realtime/sessions')).toHaveLength(minted);
  });

  it("never stores the user's API key in Redis (jobs, events, sessions)", async () => {
    await request(stack.chat.url).post('/api/chat').set('Cookie', aiUser.cookie).send({ content: 'One more' }).expect(200);
    const redis = new Redis(testRedisUrl());
    try {
      const keys = await redis.keys('*');
      const dump: string[] = [];
      for (const k of keys) {
        const type = await redis.type(k);
        if (type === 'string') dump.push((await redis.get(k)) ?? '');
        else if (type === 'hash') dump.push(JSON.stringify(await redis.hgetall(k)));
        else if (type === 'list') dump.push(JSON.stringify(await redis.lrange(k, 0, -1)));
        else if (type === 'set') dump.push(JSON.stringify(await redis.smembers(k)));
        else if (type === 'zset') dump.push(JSON.stringify(await redis.zrange(k, '0', '-1')));
        else if (type === 'stream') dump.push(JSON.stringify(await redis.xrange(k, '-', '+')));
      }
      expect(keys.some((k) => k.startsWith(stack.chatEnv.AI_QUEUE_PREFIX!))).toBe(true);
      expect(dump.join('\n')).toContain('One more');
      expect(dump.join('\n')).not.toContain(key);
    } finally {
      redis.disconnect();
    }
  });
});
