import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AiStub } from './support/ai-stub.ts';
import { LoadRun } from './support/load.ts';
import { outageDuringLoad, type OutageReport } from './support/outage.ts';
import { TestStack } from './support/stack.ts';
import { isErrorBody } from './support/visitor.ts';

/** An answer during an outage must come well before the gateway's own 120 s proxy timeout. */
const ANSWER_WITHIN_MS = 10_000;

describe('Redis restarts under load (append-only file on)', () => {
  let stack: TestStack;
  let stub: AiStub;
  let load: LoadRun;
  let report: OutageReport;

  beforeAll(async () => {
    stub = await new AiStub().start();
    stack = await TestStack.start('redis-restart', {
      services: ['identity', 'content', 'chat', 'chat-worker'],
      env: { OPENAI_BASE_URL: stub.url, OPENAI_API_KEY: 'sk-server-key-for-tests' },
    });
    load = new LoadRun(stack, {
      clients: 8,
      seconds: 16,
      extraSteps: [{ weight: 5, expected: 200, run: (c) => c.visitor.post('/api/chat', { content: `Question ${c.counter++}`, mode: 'general' }) }],
    });
    await load.prepare();
    report = await outageDuringLoad(stack, load, { stop: () => stack.stopRedis(), start: () => stack.startRedis() }, { afterMs: 3_000, downMs: 3_000 });
    process.stdout.write(`redis restart: ${load.summary()}; down ${report.downAt}-${report.upAt} ms, all ready at ${report.recoveredAt} ms\n`);
  });

  afterAll(async () => {
    await stack?.stop();
    await stub?.stop();
  });

  it('reports the outage on every service’s /readyz while it lasts', () => {
    expect(report.readyDuring.length).toBe(4);
    for (const r of report.readyDuring) {
      expect(r.status).toBe(503);
      expect(JSON.parse(r.body)).toMatchObject({ status: 'error', checks: { redis: { status: 'error' }, database: { status: 'ok' } } });
    }
  });

  it('recovers without restarting any service', () => {
    expect(report.pidsAfter).toEqual(report.pidsBefore);
    expect(stack.dead()).toEqual([]);
  });

  it('answers requests during the outage with a quick 503 and an error body, never a 500', () => {
    const failed = load.failed();
    for (const o of failed) {
      expect(o.status).toBe(503);
      expect(isErrorBody({ status: o.status, json: JSON.parse(o.body), headers: new Headers(), text: o.body, ms: o.ms })).toBe(true);
    }
    expect(Math.max(...load.outcomes.map((o) => o.ms))).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('serves every request once Redis is back', () => {
    expect(load.failed((o) => o.at > report.recoveredAt)).toEqual([]);
  });

  it('keeps the sessions that existed before the restart', async () => {
    for (const client of load.clients) {
      expect((await client.visitor.get('/api/current-user')).json).toMatchObject({ isAuthenticated: true, id: client.visitor.id });
    }
  });

  it('runs AI jobs through the BullMQ queue again', async () => {
    const res = await load.clients[0]!.visitor.post('/api/chat', { content: 'After the restart', mode: 'general' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ assistantMessage: { role: 'assistant', content: 'A reply from the test provider.' } });
  });

  it('holds every write that was answered 2xx in the database', async () => {
    expect(await load.lostWrites()).toEqual([]);
  });
});
