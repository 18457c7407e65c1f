import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sleep } from '../lib/process.ts';
import { AiStub, PLAIN_REPLY, type StubCall } from './support/ai-stub.ts';
import { TestStack } from './support/stack.ts';
import { Visitor, type Answer } from './support/visitor.ts';

const LOCK_MS = 2_000;
const STALLED_INTERVAL_MS = 1_000;
const MARKER = 'stall-this-job';

describe('an AI job whose worker freezes (SIGSTOP)', () => {
  let stack: TestStack;
  let stub: AiStub;
  let user: Visitor;
  let answer: Answer;
  let firstCall: StubCall | undefined;
  /** Whether the frozen worker, once resumed, was seen attempting its write. */
  let resumedWriteSeen: boolean;
  const releaseFirst: Array<() => void> = [];

  beforeAll(async () => {
    stub = await new AiStub().start();
    stack = await TestStack.start('stalled-job', {
      replicas: 2,
      services: ['identity', 'content', 'chat', 'chat-worker'],
      env: {
        OPENAI_BASE_URL: stub.url,
        OPENAI_API_KEY: 'sk-server-key-for-tests',
        AI_LOCK_DURATION_MS: String(LOCK_MS),
        AI_STALLED_INTERVAL_MS: String(STALLED_INTERVAL_MS),
      },
    });
    user = await new Visitor(stack.url).register('stall', `http://127.0.0.1:${stack.replicas('identity')[0]!.port}`);
    const thread = (await user.post('/api/chat/threads', { title: 'Stalls' })).json as { id: number };

    // Only worker 1 runs while the job is taken; the provider holds its first answer until the test lets go.
    stack.signal('chat-worker-2', 'SIGSTOP');
    stub.script = (call) => {
      if (!JSON.stringify(call.body.messages).includes(MARKER)) return PLAIN_REPLY(call);
      if (firstCall) return { content: 'Answered by the worker that took the job over.' };
      firstCall = call;
      return new Promise((resolve) => releaseFirst.push(() => resolve({ content: 'Answered by the frozen worker.' })));
    };
    const pending = user.post('/api/chat', { content: `Please answer: ${MARKER}`, mode: 'general', threadId: thread.id }, { timeoutMs: 120_000 });
    while (!firstCall) await sleep(50);
    stack.signal('chat-worker-1', 'SIGSTOP');
    stack.signal('chat-worker-2', 'SIGCONT');
    answer = await pending;
    const touched = async () => (await stack.query<{ updated_at: Date }>('prd_chat', 'SELECT updated_at FROM chat_threads WHERE id = $1', [thread.id]))[0]!.updated_at.getTime();
    const afterReply = await touched();
    // The frozen worker wakes up and finishes its (lost) attempt: it must not write a second reply.
    stack.signal('chat-worker-1', 'SIGCONT');
    releaseFirst.forEach((release) => release());
    // Its write is one transaction that inserts the job's two messages (nothing, as they exist) and
    // touches the thread: the thread's time moving proves the resumed worker got as far as writing.
    const deadline = Date.now() + 60_000;
    resumedWriteSeen = false;
    while (!resumedWriteSeen && Date.now() < deadline) {
      resumedWriteSeen = (await touched()) > afterReply;
      if (!resumedWriteSeen) await sleep(100);
    }
  });

  afterAll(async () => {
    for (const name of ['chat-worker-1', 'chat-worker-2']) {
      try {
        stack.signal(name, 'SIGCONT');
      } catch {
        // already gone
      }
    }
    await stack?.stop();
    await stub?.stop();
  });

  it('is picked up by another worker after the stall interval, and the user gets its reply', () => {
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ assistantMessage: { role: 'assistant', content: 'Answered by the worker that took the job over.' } });
  });

  it('has the resumed worker attempt its write, which adds nothing', () => {
    expect(resumedWriteSeen).toBe(true);
  });

  it('writes exactly one reply', async () => {
    const rows = await stack.query<{ role: string; count: string }>('prd_chat', 'SELECT role, count(*) FROM chat_messages WHERE user_id = $1 GROUP BY role ORDER BY role', [
      user.id,
    ]);
    expect(rows.map((r) => [r.role, Number(r.count)])).toEqual([
      ['assistant', 1],
      ['user', 1],
    ]);
  });

  it('leaves both workers running', async () => {
    expect(stack.dead()).toEqual([]);
    await stack.allReady();
  });
});
