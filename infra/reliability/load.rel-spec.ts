import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { sleep } from '../lib/process.ts';
import { AiStub } from './support/ai-stub.ts';
import { LoadRun } from './support/load.ts';
import { residentBytes, TestStack } from './support/stack.ts';

// `npm test` runs the short version; `npm run test:soak` sets 200 clients for 60 s.
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
/** Resident memory after the load, against the resting level (V8 keeps some heap it grew into). */
const MEMORY_SLACK = 1.5;

describe(`mixed load: ${CLIENTS} clients for ${SECONDS} s`, () => {
  let stack: TestStack;
  let stub: AiStub;
  let load: LoadRun;
  let sockets: WebSocket[] = [];
  let pushes = 0;
  let socketErrors = 0;
  let memoryAtRest = 0;
  let memoryAfter = 0;

  const serviceMemory = () => stack.state.processes.filter((p) => p.kind === 'service').reduce((n, p) => n + residentBytes(p.pid), 0);

  beforeAll(async () => {
    stub = await new AiStub().start();
    // Neither the provider's rate limit nor the per-user reply cap is under test here (every client chats often).
    stack = await TestStack.start('load', {
      env: { OPENAI_BASE_URL: stub.url, OPENAI_API_KEY: 'sk-server-key-for-tests', AI_RATE_LIMIT_PER_SECOND: '0', AI_REPLIES_PER_MINUTE: '0' },
    });
    load = new LoadRun(stack, {
      clients: CLIENTS,
      seconds: SECONDS,
      extraSteps: [{ weight: 8, expected: 200, run: (c) => c.visitor.post('/api/chat', { content: `Question ${c.counter++}`, documentId: c.docs[0]!.id }) }],
    });
    await load.prepare();
    // Every client keeps its push channel open through the run, as the browser does.
    sockets = await Promise.all(
      load.clients.map(
        (c) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`${stack.url.replace('http', 'ws')}/ws-general`, { headers: { Cookie: c.visitor.cookie, Origin: stack.url } });
            ws.on('message', () => pushes++);
            ws.on('close', (code) => {
              if (code !== 1000 && code !== 1005) socketErrors++;
            });
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    );
    await sleep(2_000);
    memoryAtRest = serviceMemory();
    await load.run();
    for (const ws of sockets) ws.close(1000);
    await sleep(5_000);
    memoryAfter = serviceMemory();
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    process.stdout.write(`load: ${load.summary()}; ${pushes} pushes; service memory ${mb(memoryAtRest)} at rest, ${mb(memoryAfter)} after\n`);
  });

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await stack?.stop();
    await stub?.stop();
  });

  it('answers every request with its expected status (no 5xx, no 4xx, none unanswered)', () => {
    expect(load.outcomes.length).toBeGreaterThan(CLIENTS * SECONDS);
    expect(load.unexpected()).toEqual([]);
  });

  it('loses no write: the database holds exactly the writes answered 2xx', async () => {
    expect(await load.lostWrites()).toEqual([]);
  });

  it('keeps the push sockets open and pushing', () => {
    expect(socketErrors).toBe(0);
    expect(pushes).toBeGreaterThan(0);
  });

  it('goes back near its resting memory afterwards', () => {
    expect(memoryAfter).toBeLessThan(memoryAtRest * MEMORY_SLACK);
    expect(stack.dead()).toEqual([]);
  });
});
