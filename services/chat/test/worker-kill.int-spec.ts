import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { browserRequest as request, testCallerToken, testRedisUrl } from '@prd/kit/testing';
import { freePort } from '@prd/testing/free-port';
import { Queue, QueueEvents } from 'bullmq';
import { registered, startChatStack, userKey, type ChatStack, type TestUser } from './support/chat-stack.js';
import { AI_QUEUE } from '../src/worker/ai-queue.js';
import { postSse, streamedText } from './support/sse-client.js';
import type { AiJobData, AiJobResult } from '../src/jobs/ai-job.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WORKER = path.join(ROOT, 'services/chat/dist/worker.js');
const NODE = path.join(ROOT, 'node_modules/.bin/node');

interface SpawnedWorker {
  child: ChildProcess;
  output: () => string;
}

async function spawnWorker(env: Record<string, string>): Promise<SpawnedWorker> {
  const port = await freePort();
  const child = spawn(NODE, [WORKER], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // Ready when its health probe answers.
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, output: () => output };
    if (child.exitCode !== null) throw new Error(`worker exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`worker did not become ready: ${output}`);
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Needs the built worker: `npx tsc -p proto/tsconfig.build.json && npx tsc -p services/kit/tsconfig.build.json && npx tsc -p services/chat/tsconfig.build.json`.
 */
describe('a worker killed mid-job (docs/decisions/0007-ai-jobs-on-bullmq.md)', () => {
  let stack: ChatStack;
  let user: TestUser;
  let key: string;
  let workerEnv: Record<string, string>;
  const workers: SpawnedWorker[] = [];
  beforeAll(async () => {
    stack = await startChatStack({ worker: false, chatEnv: { AI_JOB_TIMEOUT_MS: '8000' } });
    key = userKey();
    user = await registered(stack, key);
    workerEnv = {
      ...stack.chatEnv,
      INTERNAL_TOKEN: testCallerToken('chat-worker'),
      REDIS_URL: testRedisUrl(),
      LOG_LEVEL: 'debug',
      AI_LOCK_DURATION_MS: '1000',
      AI_STALLED_INTERVAL_MS: '300',
      WORKER_CONCURRENCY: '2',
    };
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => exited(w.child)));
    await stack.close();
  }, 60_000);

  it('is retried by another worker, and exactly one assistant message exists', async () => {
    const first = await spawnWorker(workerEnv);
    workers.push(first);
    // The first attempt hangs at the provider; the next one answers.
    stack.openai.script.push({ delayMs: 60_000 });
    const reply = request(stack.chat.url)
      .post('/api/chat')
      .set('Cookie', user.cookie)
      .send({ content: 'Survive a crash' })
      .then((r) => r);
    while (stack.openai.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await exited(first.child);
    const second = await spawnWorker(workerEnv);
    workers.push(second);
    const res = await reply;
    expect(res.status).toBe(200);
    expect(res.body.assistantMessage.content).toBe('Model reply to: Survive a crash');
    expect(stack.openai.requests).toHaveLength(2);
    const messages = (await request(stack.chat.url).get('/api/chat').set('Cookie', user.cookie).expect(200)).body as { role: string }[];
    expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
    expect(messages.filter((m) => m.role === 'user')).toHaveLength(1);
    // docs/decisions/0006-ai-providers.md: the key was used (the provider saw it) but never logged, even at debug level.
    expect(stack.openai.requests[1]!.authorization).toBe(`Bearer ${key}`);
    expect(first.output() + second.output()).not.toContain(key);
    expect(second.output()).toContain('"level"');
  }, 60_000);

  it('answers a duplicate delivery of a finished job from the stored reply, writing nothing new', async () => {
    const res = await request(stack.chat.url).post('/api/chat').set('Cookie', user.cookie).send({ content: 'Only once' }).expect(200);
    const db = new pg.Client({ connectionString: stack.chatEnv.DATABASE_URL });
    await db.connect();
    const connection = { url: testRedisUrl() };
    const queue = new Queue<AiJobData, AiJobResult>(AI_QUEUE, { connection, prefix: stack.chatEnv.AI_QUEUE_PREFIX });
    const events = new QueueEvents(AI_QUEUE, { connection, prefix: stack.chatEnv.AI_QUEUE_PREFIX });
    try {
      const { rows } = await db.query<{ job_id: string }>('SELECT job_id FROM chat_messages WHERE id = $1', [res.body.assistantMessage.id]);
      const jobId = rows[0]!.job_id;
      const job = (await queue.getJob(jobId))!;
      const data = job.data;
      await job.remove();
      await events.waitUntilReady();
      const again = await queue.add(job.name, data, { jobId });
      const result = await again.waitUntilFinished(events, 10_000);
      expect(result.assistantMessage!.id).toBe(res.body.assistantMessage.id);
      const count = await db.query<{ n: string }>('SELECT count(*) AS n FROM chat_messages WHERE job_id = $1', [jobId]);
      expect(Number(count.rows[0]!.n)).toBe(2);
    } finally {
      await Promise.all([queue.close(), events.close(), db.end()]);
    }
  }, 30_000);

  it('restarts a stream cleanly when its worker dies mid-reply: `restart`, then one complete reply (docs/decisions/0014-streaming-replies.md)', async () => {
    // Only a worker that will die may take the job.
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => exited(w.child)));
    stack.openai.reset();
    const dying = await spawnWorker(workerEnv);
    workers.push(dying);
    // The first attempt streams its first token and then hangs; the retry answers in full.
    stack.openai.script.push({ reply: 'Half written then lost', pauseAfterFirstTokenMs: 60_000 }, { reply: 'A whole new answer' });
    const call = await postSse(stack.chat.url, '/api/chat', user.cookie, { content: 'Stream through a crash' });
    expect(await call.until((e) => e.event === 'delta')).toEqual({ event: 'delta', data: { content: 'Half ' } });
    dying.child.kill('SIGKILL');
    await exited(dying.child);
    workers.push(await spawnWorker(workerEnv));
    const done = await call.until((e) => e.event === 'done' || e.event === 'error');
    expect(done.event).toBe('done');
    const kinds = call.events.filter((e) => e.event !== ':comment').map((e) => e.event);
    expect(kinds.indexOf('restart')).toBeGreaterThan(kinds.indexOf('delta'));
    expect(streamedText(call.events)).toBe('A whole new answer');
    expect((done.data as { assistantMessage: { content: string } }).assistantMessage.content).toBe('A whole new answer');
    const messages = (await request(stack.chat.url).get('/api/chat').set('Cookie', user.cookie).expect(200)).body as { role: string; content: string }[];
    expect(messages.filter((m) => m.content === 'A whole new answer')).toHaveLength(1);
    expect(messages.some((m) => m.content.startsWith('Half'))).toBe(false);
  }, 120_000);
});
