import { afterEach, expect, test } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { openHeapProbe } from './heap-probe.ts';

let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill();
    await once(child, 'exit');
  }
});

/** A process that holds `megabytes` of buffers when it reads "grow", says so, and otherwise idles, as a service between requests. */
function holder(): ChildProcess {
  const script = `
    const held = [];
    require('node:readline').createInterface({ input: process.stdin }).on('line', () => {
      held.push(Buffer.alloc(8 * 1024 * 1024, 1));
      process.stdout.write('grown\\n');
    });
    setInterval(() => undefined, 1000);
    process.stdout.write('ready\\n');`;
  return spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
}

const line = (process: ChildProcess) => once(process.stdout!, 'data');

test('the heap probe reads a live process’s memory through its inspector, sees it grow, and closes the inspector again', async () => {
  child = holder();
  await line(child);
  const probe = await openHeapProbe(child.pid!);
  const before = await probe.liveBytes();
  child.stdin!.write('grow\n');
  await line(child);
  const after = await probe.liveBytes();
  expect(after - before).toBeGreaterThanOrEqual(8 * 1024 * 1024);
  // Closing hands the process a timer that closes its inspector; the probe returns once nothing listens any more.
  await probe.close();
  await expect(fetch('http://127.0.0.1:9229/json/list')).rejects.toThrow();
  // A second probe opens the inspector again: the process was left as it was.
  const again = await openHeapProbe(child.pid!);
  expect(await again.liveBytes()).toBeGreaterThanOrEqual(after - 1024 * 1024);
  await again.close();
  expect(child.exitCode).toBeNull();
}, 30_000);
