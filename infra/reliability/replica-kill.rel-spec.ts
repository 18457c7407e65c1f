import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sleep } from '../lib/process.ts';
import { LoadRun } from './support/load.ts';
import { TestStack } from './support/stack.ts';
import { Visitor } from './support/visitor.ts';

const CLIENTS = 12;
const SECONDS = 20;
const KILL_AT_MS = 4_000;

describe('SIGKILL of one of two content replicas under load', () => {
  let stack: TestStack;
  let load: LoadRun;

  beforeAll(async () => {
    stack = await TestStack.start('replica-kill', { replicas: 2, services: ['identity', 'content', 'export'] });
    load = new LoadRun(stack, { clients: CLIENTS, seconds: SECONDS });
    await load.prepare();
    await load.run(async () => {
      await sleep(KILL_AT_MS);
      stack.signal('content-1', 'SIGKILL');
      await stack.waitUntilDead('content-1');
    });
    process.stdout.write(`replica kill: ${load.summary()}\n`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers fewer than 0.1% of the requests with anything but their expected status', () => {
    const unexpected = load.unexpected();
    expect(load.outcomes.length).toBeGreaterThan(1_000);
    expect(unexpected.length / load.outcomes.length).toBeLessThan(0.001);
  });

  it('moves every read and every edit in flight on to the surviving replica (only a create in flight may fail)', () => {
    expect(load.unexpected((o) => o.step !== 'create')).toEqual([]);
  });

  it('holds every write that was answered 2xx in the database', async () => {
    expect(await load.lostWrites()).toEqual([]);
  });

  it('keeps internal calls working: export reads documents through the surviving content replica', async () => {
    const client = load.clients[0]!;
    for (let i = 0; i < 6; i++) {
      const res = await client.visitor.get(`/api/documents/${client.docs[0]!.id}/export/markdown`);
      expect(res.status).toBe(200);
    }
  });

  it('takes the restarted replica back into the rotation', async () => {
    await stack.restartService('content-1');
    const visitor = load.clients[1]!.visitor;
    for (let i = 0; i < 20; i++) expect((await visitor.get('/api/documents')).status).toBe(200);
    const direct = await new Visitor(`http://127.0.0.1:${stack.process('content-1').port}`).get('/api/templates');
    expect(direct.status).toBe(200);
    expect(stack.dead()).toEqual([]);
  });
});
