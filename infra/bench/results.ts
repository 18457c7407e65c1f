import type { BundleFigures } from './bundle.ts';
import type { ChatFigures } from './chat.ts';
import type { MemoryFigures } from './memory.ts';
import type { ReadPathFigures } from './read-path.ts';
import { isMeasured, kB, mib, ms, perSecond, type Cell, type JudgedRow, type NotMeasured, type Row } from './report.ts';
import type { PushFigures } from './usage-push.ts';
import type { ExportFigures } from './word-export.ts';

/** Everything one stack (one replica count) measured. */
export interface RunResults {
  replicas: number;
  /** Share of the machine's CPU that work other than the benchmark's used during the measurements (0..1). */
  otherCpuShare: number;
  readPath: ReadPathFigures | NotMeasured;
  chat: ChatFigures | NotMeasured;
  usagePush: PushFigures | NotMeasured;
  wordExport: ExportFigures | NotMeasured;
  memoryAtRest: MemoryFigures;
  memoryAfterLoad: MemoryFigures;
}

export interface BenchResults {
  startedAt: string;
  seconds: number;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; os: string; node: string };
  settings: Record<string, string | number>;
  bundle: BundleFigures | NotMeasured;
  lighthouse: NotMeasured;
  runs: RunResults[];
  table: JudgedRow[];
}

/** A cell from a figure that may not have been measured. */
function from<T extends object>(figure: T | NotMeasured, cell: (f: T) => Cell): Cell {
  return isMeasured(figure) ? cell(figure) : figure;
}

const failures = (n: number, what = 'failed') => (n > 0 ? `${n} ${what}` : undefined);

/** Name of a stack process without its replica number: identity-2 → identity. */
const serviceOf = (name: string) => name.replace(/-\d+$/, '');

function memoryCell(run: RunResults, service: string): Cell {
  const pick = (m: MemoryFigures) => m.processes.filter((p) => serviceOf(p.name) === service);
  const rest = pick(run.memoryAtRest);
  const after = pick(run.memoryAfterLoad);
  const list = (ps: typeof rest) => ps.map((p) => (p.rssKb / 1024).toFixed(0)).join(' + ');
  return { value: rest.reduce((s, p) => s + p.rssKb, 0), text: `${list(rest)} → ${list(after)} MiB` };
}

/** The table's rows: each figure beside its target, one column per replica count. */
export function buildRows(runs: RunResults[], bundle: BundleFigures | NotMeasured, lighthouse: NotMeasured): Row[] {
  const each = (cell: (run: RunResults) => Cell) => runs.map(cell);
  const [one, two] = runs;
  const rows: Row[] = [
    {
      figure: 'Read path GET /api/documents via nginx (100 documents, 50 connections)',
      cells: each((r) => from(r.readPath, (f) => ({ value: f.gateway.requestsPerSecond, text: perSecond(f.gateway.requestsPerSecond, 'req'), failed: failures(f.gateway.failures) }))),
    },
    {
      figure: 'Same query from a raw Node http + pg server',
      cells: each((r) => from(r.readPath, (f) => ({ value: f.raw.requestsPerSecond, text: perSecond(f.raw.requestsPerSecond, 'req'), failed: failures(f.raw.failures) }))),
    },
    {
      figure: 'Read path throughput, nginx ÷ raw',
      target: { op: '>=', value: 0.6, text: '≥ 0.6' },
      cells: each((r) => from(r.readPath, (f) => ({ value: f.ratio, text: f.ratio.toFixed(2), failed: failures(f.gateway.failures + f.raw.failures) }))),
    },
    {
      figure: 'Read path latency via nginx, p50 / p99',
      target: { op: '<=', value: 50, text: 'p99 ≤ 50 ms' },
      cells: each((r) => from(r.readPath, (f) => ({ value: f.gateway.p99Ms, text: `${ms(f.gateway.p50Ms)} / ${ms(f.gateway.p99Ms)}`, failed: failures(f.gateway.failures) }))),
    },
    {
      figure: 'Raw server latency, p50 / p99',
      cells: each((r) => from(r.readPath, (f) => ({ value: f.raw.p99Ms, text: `${ms(f.raw.p50Ms)} / ${ms(f.raw.p99Ms)}` }))),
    },
    {
      figure: 'Read path throughput, two replicas ÷ one',
      target: { op: '>=', value: 1.3, text: '≥ 1.3' },
      cells: [
        undefined,
        one && two && isMeasured(one.readPath) && isMeasured(two.readPath)
          ? { value: two.readPath.gateway.requestsPerSecond / one.readPath.gateway.requestsPerSecond, text: (two.readPath.gateway.requestsPerSecond / one.readPath.gateway.requestsPerSecond).toFixed(2) }
          : { notMeasured: 'needs the read path of both runs' },
      ],
    },
    {
      figure: 'AI path: latency the product adds, p50 (POST /api/chat, zero-latency provider, 1 connection)',
      target: { op: '<=', value: 15, text: 'p50 ≤ 15 ms' },
      cells: each((r) => from(r.chat, (f) => ({ value: f.latency.p50Ms, text: ms(f.latency.p50Ms), failed: failures(f.latency.failures) }))),
    },
    {
      figure: 'AI path: latency the product adds, p99',
      target: { op: '<=', value: 60, text: 'p99 ≤ 60 ms' },
      cells: each((r) => from(r.chat, (f) => ({ value: f.latency.p99Ms, text: ms(f.latency.p99Ms), failed: failures(f.latency.failures) }))),
    },
    {
      figure: 'AI replies per second (10 connections)',
      cells: each((r) => from(r.chat, (f) => ({ value: f.throughput.requestsPerSecond, text: `${perSecond(f.throughput.requestsPerSecond, 'replies')} (p99 ${ms(f.throughput.p99Ms)})`, failed: failures(f.throughput.failures) }))),
    },
    {
      figure: "First realtime partial on /ws after the provider's first token, p50 / p99",
      target: { op: '<=', value: 30, text: 'p99 ≤ 30 ms' },
      cells: each((r) => from(r.chat, (f) => ({ value: f.firstPartial.p99Ms, text: `${ms(f.firstPartial.p50Ms)} / ${ms(f.firstPartial.p99Ms)}`, failed: failures(f.firstPartial.missing, 'without a partial') }))),
    },
    {
      figure: "First streamed byte (SSE delta, POST /api/chat) after the provider's first token, p50 / p99",
      target: { op: '<=', value: 30, text: 'p99 ≤ 30 ms' },
      cells: each((r) => from(r.chat, (f) => ({ value: f.firstStreamedByte.p99Ms, text: `${ms(f.firstStreamedByte.p50Ms)} / ${ms(f.firstStreamedByte.p99Ms)}`, failed: failures(f.firstStreamedByte.missing, 'without a delta') }))),
    },
    {
      figure: 'AI replies per second streamed as SSE (10 connections)',
      cells: each((r) => from(r.chat, (f) => ({ value: f.streamedThroughput.requestsPerSecond, text: `${perSecond(f.streamedThroughput.requestsPerSecond, 'replies')} (p99 ${ms(f.streamedThroughput.p99Ms)})`, failed: failures(f.streamedThroughput.failures) }))),
    },
    {
      figure: "Streaming's cost on AI throughput, SSE ÷ JSON replies per second",
      cells: each((r) => from(r.chat, (f) => ({ value: f.streamedThroughput.requestsPerSecond / f.throughput.requestsPerSecond, text: (f.streamedThroughput.requestsPerSecond / f.throughput.requestsPerSecond).toFixed(2) }))),
    },
    {
      figure: 'usage_update push on /ws-general after the consuming POST returns, p50 / p99',
      target: { op: '<=', value: 50, text: 'p99 ≤ 50 ms' },
      cells: each((r) => from(r.usagePush, (f) => ({ value: f.p99Ms, text: `${ms(f.p50Ms)} / ${ms(f.p99Ms)} (${f.samples} samples, ${f.beforeAnswer} pushed before the answer)`, failed: failures(f.missing, 'never pushed') }))),
    },
    {
      figure: 'Word export of 1 MB of markdown (median; slowest)',
      target: { op: '<=', value: 1000, text: '≤ 1 s' },
      cells: each((r) => from(r.wordExport, (f) => ({ value: f.medianMs, text: `${ms(f.medianMs)} (slowest ${ms(f.maxMs)}; ${f.samples} samples)` }))),
    },
    {
      figure: 'Home route initial JavaScript, gzip (entry script + modulepreload)',
      target: { op: '<=', value: 250_000, text: '≤ 250 kB' },
      cells: [from(bundle, (f) => ({ value: f.initial.gzipBytes, text: `${kB(f.initial.gzipBytes)} (${f.initial.files.length} files)` }))],
    },
    {
      figure: 'Home route JavaScript with its lazy home page chunk, gzip',
      target: { op: '<=', value: 250_000, text: '≤ 250 kB' },
      cells: [from(bundle, (f) => from(f.homeRoute, (h) => ({ value: h.gzipBytes, text: `${kB(h.gzipBytes)} (${h.files.length} files)` })))],
    },
    { figure: 'Lighthouse performance, accessibility, best practices (home page)', target: { op: '>=', value: 95, text: '≥ 95 each' }, cells: [lighthouse] },
  ];
  const services = [...new Set(runs.flatMap((r) => r.memoryAtRest.processes.map((p) => serviceOf(p.name))))];
  for (const service of services) rows.push({ figure: `Resident memory: ${service} (at rest → after load)`, cells: each((r) => memoryCell(r, service)) });
  rows.push(
    {
      figure: 'Resident memory of the whole stack at rest (sum of VmRSS)',
      target: { op: '<=', value: 1024 * 1024, text: '≤ 1 GiB' },
      cells: each((r) => ({ value: r.memoryAtRest.totalRssKb, text: mib(r.memoryAtRest.totalRssKb) })),
    },
    {
      figure: 'Whole stack at rest, shared pages counted once (sum of Pss)',
      cells: each((r) => (r.memoryAtRest.totalPssKb === null ? { notMeasured: 'smaps_rollup unreadable' } : { value: r.memoryAtRest.totalPssKb, text: mib(r.memoryAtRest.totalPssKb) })),
    },
    {
      figure: 'Whole stack after the load (sum of VmRSS)',
      cells: each((r) => ({ value: r.memoryAfterLoad.totalRssKb, text: mib(r.memoryAfterLoad.totalRssKb) })),
    },
  );
  return rows;
}
