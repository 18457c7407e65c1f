/**
 * Just the benchmark's file rows, for work on them without the whole ten-minute `npm run bench` on a shared machine:
 * `node infra/bench/files.ts [repetitions]` (after `npm run build`) starts one throw-away one-replica stack, then measures
 * `repetitions` times (3 by default) the Word and PDF exports of 1 MB of markdown and the import of its Word file as the
 * benchmark does (5 samples each, the median leaving out the cold first), and last the export replica's resident memory
 * `EXPORT_IDLE_SECONDS` after its last export. Each figure: the median of the repetitions' medians, their spread, the slowest sample,
 * and the CPU of the process doing the work (export, or content for the import; its threads included) per sample, which other
 * work on a shared machine inflates far less than the wall time.
 */
import path from 'node:path';
import { DATA } from '../lib/paths.ts';
import { freePort } from '../lib/ports.ts';
import { startStack, stopStack } from '../lib/stack.ts';
import { register } from './api.ts';
import { measureExport } from './document-export.ts';
import { measureDocxImport } from './document-import.ts';
import { EXPORT_IDLE_SECONDS, exportMemoryAfterIdle } from './memory.ts';
import { SETTINGS } from './bench.ts';
import { treeTicks } from './cpu.ts';

const repetitions = Number(process.argv[2] ?? 3);
if (!Number.isInteger(repetitions) || repetitions < 1) throw new Error('usage: node infra/bench/files.ts [repetitions, a whole number ≥ 1]');

const say = (line: string) => console.log(line);
const state = await startStack({ dir: path.join(DATA, 'bench', 'files'), gatewayPort: await freePort(), replicas: 1, ephemeral: true, say: (l) => say(`   ${l}`) });
try {
  const base = state.url;
  const pid = (name: string) => state.processes.find((p) => p.name === name)!.pid;
  type Figures = { medianMs: number; maxMs: number; samples: number; cpuMs: number };
  /** The measurement, with the CPU that `worker`'s process tree spent in it per sample (clock ticks are 10 ms). */
  const withCpu = async (worker: string, measure: () => Promise<Omit<Figures, 'cpuMs'>>): Promise<Figures> => {
    const before = treeTicks([pid(worker)]);
    const figures = await measure();
    return { ...figures, cpuMs: ((treeTicks([pid(worker)]) - before) * 10) / figures.samples };
  };
  const figures: Record<string, Figures[]> = { 'Word export': [], 'PDF export': [], 'Word import': [] };
  for (let i = 0; i < repetitions; i++) {
    figures['Word export']!.push(await withCpu('export', async () => measureExport(base, await register(base, 'export'), SETTINGS.exportSamples, 'docx')));
    figures['PDF export']!.push(await withCpu('export', async () => measureExport(base, await register(base, 'export'), SETTINGS.exportSamples, 'pdf')));
    figures['Word import']!.push(await withCpu('content', async () => measureDocxImport(base, await register(base, 'import'), SETTINGS.importSamples)));
    say(`   repetition ${i + 1} of ${repetitions} measured`);
  }
  // The import's Word file is an export: the memory's clock starts after the last import, as in the benchmark.
  const memory = await exportMemoryAfterIdle(state, performance.now());
  for (const [what, runs] of Object.entries(figures)) {
    const medians = runs.map((r) => r.medianMs).sort((a, b) => a - b);
    const samples = runs.reduce((n, r) => n + r.samples, 0);
    const cpu = runs.map((r) => r.cpuMs.toFixed(0)).join(', ');
    say(
      `${what}: median ${medians[Math.floor(medians.length / 2)]!.toFixed(1)} ms (${medians[0]!.toFixed(1)}–${medians.at(-1)!.toFixed(1)} over ${runs.length} repetitions); slowest ${Math.max(...runs.map((r) => r.maxMs)).toFixed(1)} ms; ${samples} samples; CPU per sample ${cpu} ms`,
    );
  }
  say(`Export replica ${EXPORT_IDLE_SECONDS} s after its last export: ${memory.rssKb.map((kb) => `${(kb / 1024).toFixed(0)} MiB`).join(' + ')}`);
} finally {
  await stopStack(state);
}
