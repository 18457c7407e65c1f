import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LoadRun } from './support/load.ts';
import { outageDuringLoad, type OutageReport } from './support/outage.ts';
import { TestStack } from './support/stack.ts';

/** An answer during an outage must come well before the gateway's own 120 s proxy timeout. */
const ANSWER_WITHIN_MS = 10_000;

describe('PostgreSQL restarts under load', () => {
  let stack: TestStack;
  let load: LoadRun;
  let report: OutageReport;

  beforeAll(async () => {
    stack = await TestStack.start('postgres-restart', { services: ['identity', 'content'] });
    load = new LoadRun(stack, { clients: 8, seconds: 16 });
    await load.prepare();
    report = await outageDuringLoad(stack, load, { stop: () => stack.stopPostgres(), start: () => stack.startPostgres() }, { afterMs: 3_000, downMs: 4_000 });
    process.stdout.write(`postgres restart: ${load.summary()}; down ${report.downAt}-${report.upAt} ms, all ready at ${report.recoveredAt} ms\n`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('reports the outage on every service’s /readyz while it lasts', () => {
    expect(report.readyDuring.length).toBe(2);
    for (const r of report.readyDuring) {
      expect(r.status).toBe(503);
      expect(JSON.parse(r.body)).toMatchObject({ status: 'error', checks: { database: { status: 'error' }, redis: { status: 'ok' } } });
    }
  });

  it('fails requests during the outage with 503 and a clear body, quickly, never a 500', () => {
    const failed = load.failed();
    expect(failed.length).toBeGreaterThan(0);
    const bodies = new Set(failed.map((o) => `${o.status} ${o.body}`));
    expect([...bodies]).toEqual(['503 {"code":"UNAVAILABLE","message":"Service temporarily unavailable, please retry shortly"}']);
    expect(Math.max(...load.outcomes.map((o) => o.ms))).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('works again afterwards without restarting a service', async () => {
    expect(report.pidsAfter).toEqual(report.pidsBefore);
    expect(load.failed((o) => o.at > report.recoveredAt)).toEqual([]);
    const client = load.clients[0]!;
    const created = await client.visitor.post('/api/documents', { title: 'After the restart', content: 'Saved' });
    expect(created.status).toBe(201);
    expect((await client.visitor.get(`/api/documents/${(created.json as { id: number }).id}`)).json).toMatchObject({ content: 'Saved' });
    expect(stack.dead()).toEqual([]);
  });

  it('holds every write that was answered 2xx in the database', async () => {
    expect(await load.lostWrites()).toEqual([]);
  });
});
