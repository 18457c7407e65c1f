import { afterEach, describe, expect, test } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpuCost, TICK_MS } from './cost.ts';
import { treeTicks } from './cpu.ts';

/**
 * A process that, for each line it reads, burns that many milliseconds of its own CPU time, user and
 * system (not wall time: a busy machine only makes it slower) and answers "done". Started through `sh -c` (which waits
 * for it), so that the burner is a child of the process the test asks about, as PostgreSQL's backends and nginx's workers are.
 */
function burner(): { root: ChildProcess; burn: (ms: number) => Promise<void> } {
  const script = `
    const rl = require('node:readline').createInterface({ input: process.stdin });
    const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
    rl.on('line', (line) => {
      const until = cpu() + Number(line);
      while (cpu() < until);
      process.stdout.write('done\\n');
    });
    process.stdout.write('ready\\n');`;
  const root = spawn('sh', ['-c', '"$0" -e "$1"; exit $?', process.execPath, script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: Array<() => void> = [];
  root.stdout.setEncoding('utf8');
  root.stdout.on('data', (chunk: string) => {
    for (let answers = chunk.split('\n').filter(Boolean).length; answers > 0; answers--) waiting.shift()?.();
  });
  const next = () => new Promise<void>((resolve) => waiting.push(resolve));
  const ready = next();
  return {
    root,
    burn: async (ms) => {
      await ready;
      const done = next();
      root.stdin.write(`${ms}\n`);
      await done;
    },
  };
}

describe('CPU time from /proc', () => {
  const started: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of started.splice(0)) {
      child.stdin?.end();
      if (child.exitCode === null) await once(child, 'exit');
    }
  });

  test("counts a process's CPU time, in 10 ms ticks", async () => {
    const { root, burn } = burner();
    started.push(root);
    await burn(0);
    const before = treeTicks([root.pid!]);
    await burn(300);
    const burned = (treeTicks([root.pid!]) - before) * TICK_MS;
    // 300 ms of CPU time, give or take a tick each side, plus the little the answer itself costs.
    expect(burned).toBeGreaterThanOrEqual(280);
    expect(burned).toBeLessThan(450);
  });

  test('divides the product processes’ CPU by the requests served, by process name with replicas together', async () => {
    const [a, b, idle] = [burner(), burner(), burner()];
    started.push(a.root, b.root, idle.root);
    await Promise.all([a.burn(0), b.burn(0), idle.burn(0)]);
    const state = {
      processes: [
        { name: 'content-1', pid: a.root.pid! },
        { name: 'content-2', pid: b.root.pid! },
        { name: 'redis', pid: idle.root.pid! },
      ],
    };
    const cost = await cpuCost(state, async () => {
      await a.burn(200);
      await b.burn(200);
      return { requests: 4, failures: 0 };
    });
    expect(Object.keys(cost.byProcess).sort()).toEqual(['content', 'redis']);
    // 400 ms over 4 requests.
    expect(cost.byProcess.content).toBeGreaterThanOrEqual(90);
    expect(cost.byProcess.content).toBeLessThan(150);
    expect(cost.byProcess.redis).toBeLessThanOrEqual(TICK_MS / 4);
    expect(cost.cpuMsPerRequest).toBeCloseTo(cost.byProcess.content! + cost.byProcess.redis!);
  });

  test('refuses a stretch that served nothing', async () => {
    await expect(cpuCost({ processes: [] }, () => Promise.resolve({ requests: 0, failures: 0 }))).rejects.toThrow('no request was served');
  });
});
