import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { UnrecoverableError, Worker } from 'bullmq';
import { browserRequest as request, testCallerToken, testRedisUrl } from '@prd/kit/testing';
import { IdentityClient, type Template } from '@prd/proto';
import { Redis } from 'ioredis';
import { publishOutcomes } from '../src/jobs/job-outcome.js';
import { AI_QUEUE } from '../src/worker/ai-queue.js';
import { guest, registered, startChatStack, userKey, type ChatStack, type TestUser } from './support/chat-stack.js';

const usage = async (stack: ChatStack, user: TestUser) =>
  (await request(stack.identity.url).get('/api/usage').set('Cookie', user.cookie).expect(200)).body as { messages: number; limits: { messages: number | null } };

describe('per-user AI caps and verified keys (issue 14)', () => {
  let stack: ChatStack;
  let template: Template;
  beforeAll(async () => {
    stack = await startChatStack({ chatEnv: { AI_REPLIES_PER_MINUTE: '3', FLOW_STARTS_PER_MINUTE: '1' } });
    template = ((await request(stack.content.url).get('/api/templates').expect(200)).body as Template[])[0]!;
  }, 60_000);
  afterAll(() => stack.close(), 60_000);
  beforeEach(() => stack.openai.reset());

  const post = (user: TestUser, path: string, body: object = {}) => request(stack.chat.url).post(path).set('Cookie', user.cookie).send(body);

  it("caps every user's replies a minute, whatever the tier, with 429 RATE_LIMITED and Retry-After, spending nothing", async () => {
    for (const user of [await guest(stack), await registered(stack, userKey())]) {
      for (let i = 0; i < 3; i++) await post(user, '/api/chat', { content: `Hello ${i}` }).expect(200);
      const before = await usage(stack, user);
      const refused = await post(user, '/api/chat', { content: 'One more' }).expect(429);
      expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: 'Too many AI requests. Please wait a moment and try again.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(await usage(stack, user)).toEqual(before);
    }
  });

  it('counts auto-titles in the cap', async () => {
    const user = await guest(stack);
    const thread = (await post(user, '/api/chat/threads').expect(201)).body.id as number;
    await post(user, '/api/chat', { content: 'Checkout redesign', threadId: thread }).expect(200);
    await post(user, `/api/chat/threads/${thread}/auto-title`).expect(200);
    await post(user, '/api/chat', { content: 'Next', threadId: thread }).expect(200);
    // The fourth AI job of the minute is the auto-title of a renamed thread: refused, and allowed again later.
    await request(stack.chat.url).put(`/api/chat/threads/${thread}`).set('Cookie', user.cookie).send({ title: 'Renamed' }).expect(200);
    expect((await post(user, `/api/chat/threads/${thread}/auto-title`).expect(429)).body.code).toBe('RATE_LIMITED');
    expect((await request(stack.chat.url).get(`/api/chat/threads/${thread}`).set('Cookie', user.cookie).expect(200)).body.thread.title).toBe('Renamed');
  });

  it('limits document flow starts per user', async () => {
    const user = await registered(stack);
    await post(user, '/api/document-flow/start', { templateId: template.id, title: 'First', mode: 'start-new' }).expect(200);
    const refused = await post(user, '/api/document-flow/start', { templateId: template.id, title: 'Second', mode: 'start-new' }).expect(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: 'Too many documents started. Please wait a moment and try again.' });
    expect(refused.headers['retry-after']).toBeDefined();
    const documents = (await request(stack.content.url).get('/api/documents').set('Cookie', user.cookie).expect(200)).body as Array<{ title: string }>;
    expect(documents.map((d) => d.title)).toEqual(['First']);
  });

  it('keeps a stored key on the registered allowance until the provider accepts it once', async () => {
    const rejected = await registered(stack, userKey());
    stack.openai.respond = () => ({ status: 401, message: 'Incorrect API key provided' });
    await post(rejected, '/api/chat', { content: 'Hello' }).expect(502);
    expect((await usage(stack, rejected)).limits.messages).toBe(200);
    // Only the chat worker may read a user's key (docs/decisions/0003-internal-calls.md).
    const asWorker = new IdentityClient({ baseUrl: stack.identity.url, token: testCallerToken('chat-worker') });
    expect((await asWorker.getOpenAiKey(rejected.id)).verified).toBe(false);

    stack.openai.reset();
    const accepted = await registered(stack, userKey());
    expect((await usage(stack, accepted)).limits.messages).toBe(200);
    await post(accepted, '/api/chat', { content: 'Hello' }).expect(200);
    // The worker reports the acceptance beside the reply: wait for it to land.
    let verified = false;
    for (let i = 0; i < 100 && !verified; i++) {
      verified = (await asWorker.getOpenAiKey(accepted.id)).verified;
      if (!verified) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(verified).toBe(true);
    expect((await usage(stack, accepted)).limits.messages).toBeNull();
  });
});

describe("a reply that ends without the worker's own failure (issue 14)", () => {
  let stack: ChatStack;
  let foreign: Worker;
  const redis = new Redis(testRedisUrl());
  beforeAll(async () => {
    stack = await startChatStack({ worker: false });
    // Stands in for BullMQ failing a job by itself (too many stalls: BullMQ 6 fails it in the next worker that takes it,
    // which publishes the outcome as ours do): a reason that is none of the worker's.
    foreign = new Worker(
      AI_QUEUE,
      () => {
        throw new UnrecoverableError('job stalled more than allowable limit');
      },
      { connection: { url: testRedisUrl(), maxRetriesPerRequest: null }, prefix: stack.chatEnv.AI_QUEUE_PREFIX! },
    );
    publishOutcomes(foreign, redis, () => undefined);
    await foreign.waitUntilReady();
  }, 60_000);
  afterAll(async () => {
    await foreign.close();
    redis.disconnect();
    await stack.close();
  }, 60_000);

  it('answers 502 and gives the message back: the client got no reply', async () => {
    const user = await guest(stack);
    const before = await usage(stack, user);
    const res = await request(stack.chat.url).post('/api/chat').set('Cookie', user.cookie).send({ content: 'Hello' }).expect(502);
    expect(res.body).toMatchObject({ code: 'AI_PROVIDER_FAILED' });
    expect(await usage(stack, user)).toEqual(before);
  });
});
