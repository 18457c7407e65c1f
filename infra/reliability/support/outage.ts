import { sleep } from '../../lib/process.ts';
import type { LoadRun } from './load.ts';
import type { TestStack } from './stack.ts';

export interface OutageReport {
  /** Milliseconds after the load began. */
  downAt: number;
  upAt: number;
  recoveredAt: number;
  /** Each service's /readyz while the dependency was down: status and the failing check. */
  readyDuring: Array<{ name: string; status: number; body: string }>;
  pidsBefore: number[];
  pidsAfter: number[];
}

/**
 * Takes a dependency (PostgreSQL or Redis) away in the middle of a load run, keeps it away for
 * `downMs`, brings it back and waits until every service is ready again, without touching them.
 */
export async function outageDuringLoad(
  stack: TestStack,
  load: LoadRun,
  dependency: { stop: () => Promise<void>; start: () => Promise<void> },
  options: { afterMs: number; downMs: number },
): Promise<OutageReport> {
  const services = () => stack.state.processes.filter((p) => p.kind === 'service');
  const report: OutageReport = { downAt: 0, upAt: 0, recoveredAt: 0, readyDuring: [], pidsBefore: services().map((p) => p.pid), pidsAfter: [] };
  const began = Date.now();
  await load.run(async () => {
    await sleep(options.afterMs);
    await dependency.stop();
    report.downAt = Date.now() - began;
    await sleep(Math.min(1_000, options.downMs));
    for (const p of services()) {
      const res = await fetch(`http://127.0.0.1:${p.port}/readyz`, { signal: AbortSignal.timeout(10_000) });
      report.readyDuring.push({ name: p.name, status: res.status, body: await res.text() });
    }
    await sleep(Math.max(0, options.downMs - (Date.now() - began - report.downAt)));
    await dependency.start();
    report.upAt = Date.now() - began;
    await stack.allReady();
    report.recoveredAt = Date.now() - began;
  });
  report.pidsAfter = services().map((p) => p.pid);
  return report;
}
