import { describe, expect, test } from '@jest/globals';
import type { CostFigures, RepeatedCost } from './cost.ts';
import type { MemoryFigures } from './memory.ts';
import { buildRows, type RunResults } from './results.ts';
import { spread } from './spread.ts';

const notRun = { notMeasured: 'not part of this test' };
const noMemory: MemoryFigures = { processes: [], totalRssKb: 0, totalPssKb: null };

function run(replicas: number, extra: Partial<RunResults>): RunResults {
  return {
    replicas,
    otherCpuShare: 0,
    providerRateLimit: null,
    readPath: notRun,
    chat: notRun,
    usagePush: notRun,
    wordExport: notRun,
    memoryAtRest: noMemory,
    memoryAfterLoad: noMemory,
    ...extra,
  };
}

function editing(content: number[], publishes: number[]): RepeatedCost {
  const runs: CostFigures[] = content.map((c, i) => ({ requests: 1000, cpuMsPerRequest: c, byProcess: { content: c }, failures: 0, redisPublishesPerRequest: publishes[i] }));
  return { cpuMsPerRequest: spread(content), runs };
}

const cellsOf = (rows: ReturnType<typeof buildRows>, start: string) => rows.find((r) => r.figure.startsWith(start))?.cells;

describe('rows of the scale figures (docs/capacity.md)', () => {
  test('live documents on one replica: content CPU and Redis publishes per edit, spread over the replicas → kept on one, in the two-replica column', () => {
    const two = run(2, {
      cost: { readPath: notRun, aiPath: notRun, collab: editing([0.3, 0.34, 0.27], [0.1, 0.13, 0.12]), collabSpread: editing([0.9, 0.79, 0.99], [1.2, 1.5, 1.3]) },
    });
    const cells = cellsOf(buildRows([run(1, {}), two], notRun, notRun), 'Live co-editing on two replicas, per edit');
    expect(cells?.[0]).toBeUndefined();
    expect(cells?.[1]).toEqual({ value: 0.3, text: 'content 0.90 (0.79–0.99) → 0.30 (0.27–0.34) ms; Redis publishes 1.30 (1.20–1.50) → 0.12 (0.10–0.13)' });
  });

  test('memory per idle socket of each kind, from the one-replica run; a results file from before says not run', () => {
    const kinds = [
      { path: '/ws-collab', service: 'content', sockets: 5000, liveKibPerSocket: 14.77, residentKibPerSocket: 14.97 },
      { path: '/ws', service: 'chat', sockets: 5000, liveKibPerSocket: 6.51, residentKibPerSocket: 6.59 },
      { path: '/ws-general', service: 'identity', sockets: 5000, liveKibPerSocket: 5.61, residentKibPerSocket: 5.35 },
    ];
    const rows = buildRows([run(1, { idleSockets: { kinds } }), run(2, {})], notRun, notRun);
    expect(cellsOf(rows, 'Memory per idle /ws-collab connection')?.[0]).toEqual({ value: 14.77, text: '14.8 KiB; 15.0 KiB resident (5,000 sockets)' });
    expect(cellsOf(rows, 'Memory per idle /ws-general connection')?.[0]).toMatchObject({ value: 5.61 });
    expect(cellsOf(buildRows([run(1, {}), run(2, {})], notRun, notRun), 'Memory per idle /ws connection')?.[0]).toHaveProperty('notMeasured');
  });
});

describe('the floor under memory per open live document', () => {
  test('the bare Yjs copies sit in the one-replica column without a target, with their document and state sizes; a results file from before says not run', () => {
    const yjsDocument = { kib: 161.57, copies: 100, documentBytes: 3278, stateBytes: 11011 };
    const row = buildRows([run(1, {}), run(2, {})], notRun, notRun, { yjsDocument }).find((r) =>
      r.figure.startsWith('Live co-editing: memory per copy of the same document in a bare Yjs document'),
    );
    expect(row?.target).toBeUndefined();
    expect(row?.cells).toEqual([{ value: 161.57, text: '162 KiB (100 copies of 3.3 kB; state 11.0 kB)' }]);
    expect(cellsOf(buildRows([run(1, {}), run(2, {})], notRun, notRun), 'Live co-editing: memory per copy')?.[0]).toHaveProperty('notMeasured');
  });
});

describe('the AI path ratio and its control at equal load per replica', () => {
  test('two replicas ÷ one at half the connections sits beside the judged ratio, in the two-replica column, without a target', () => {
    const replies = (ms: number[]) => editing(ms, [0, 0, 0]);
    const one = run(1, { cost: { readPath: notRun, aiPath: replies([14, 13, 15]), collab: notRun, aiPathHalfLoad: replies([20, 19, 21]) } });
    const two = run(2, { cost: { readPath: notRun, aiPath: replies([20, 21, 22]), collab: notRun } });
    const rows = buildRows([one, two], notRun, notRun);
    expect(cellsOf(rows, 'Product CPU per reply, AI path, POST /api/chat (zero-latency provider): two replicas ÷ one')?.[1]).toMatchObject({ value: 21 / 14 });
    const control = rows.find((r) => r.figure.startsWith('Product CPU per reply, AI path: two replicas ÷ one replica at half the connections'));
    expect(control?.target).toBeUndefined();
    expect(control?.cells[1]).toMatchObject({ value: 21 / 20 });
    expect(cellsOf(rows, 'Product CPU per reply, AI path, one replica at half the connections (5')?.[0]).toMatchObject({ value: 20 });
    expect(cellsOf(buildRows([run(1, {}), two], notRun, notRun), 'Product CPU per reply, AI path: two replicas ÷ one replica at half')?.[1]).toHaveProperty('notMeasured');
  });
});

describe('the editors-per-document search', () => {
  test('shows the largest step within the limit and every step measured, the one past it included', () => {
    const step = (editors: number, p99Ms: number) => ({ editors, propagation: { samples: 100, p50Ms: 1, p99Ms, maxMs: p99Ms }, missing: 0 });
    const editorsPerDocument = { limitMs: 100, typingPerSecond: 2, largestWithin: 160, steps: [step(80, 13.5), step(160, 26.17), step(240, 1309.4)] };
    const cells = cellsOf(buildRows([run(1, { editorsPerDocument }), run(2, {})], notRun, notRun), 'Live co-editing: the most editors of one document');
    expect(cells?.[0]).toEqual({ value: 160, text: '160 within 100.0 ms, each typing 2 edits/s (80: 13.5 ms; 160: 26.2 ms; 240: 1309.4 ms)' });
  });
});

describe('CPU per request of each main route', () => {
  test('one row per route measured, one cell per run, with where the time went', () => {
    const routes = (ms: number) => [{ route: 'GET /api/documents/:id', cost: editing([ms, ms + 0.2, ms - 0.1], [0, 0, 0]) }];
    const costs = (ms: number) => ({ readPath: notRun, aiPath: notRun, collab: notRun, routes: routes(ms) });
    const cells = cellsOf(
      buildRows([run(1, { cost: costs(2.5) }), run(2, { cost: costs(2.6) })], notRun, notRun),
      'Product CPU per request, GET /api/documents/:id (a 20 kB document',
    );
    expect(cells?.map((c) => c && 'text' in c && c.text)).toEqual(['2.50 ms (2.40 ms–2.70 ms) (content 2.50)', '2.60 ms (2.50 ms–2.80 ms) (content 2.60)']);
  });
});

describe('the rich-text editor rows (issue 31)', () => {
  const editorSpeed = (p99Ms: number, opens: number[]) => ({
    documentBytes: 100_019,
    otherEditors: 2,
    keyToPaint: { samples: 200, p50Ms: 8.3, p99Ms, maxMs: 31.2 },
    open: spread(opens),
  });

  test('key-to-paint: p99 judged against 16 ms, with p50, maximum and count; a results file from before says not run', () => {
    const rows = buildRows([run(1, { editorSpeed: editorSpeed(15.9, [700]) }), run(2, {})], notRun, notRun);
    const cells = cellsOf(rows, 'Editor key-to-paint while typing into a 100 kB PRD');
    expect(cells?.[0]).toEqual({ value: 15.9, text: '8.30 ms / 15.9 ms / max 31.2 ms (200 samples)' });
    expect(cells?.[1]).toHaveProperty('notMeasured');
  });

  test('opening: the median of the opens judged against 1 s, shown with its spread and count', () => {
    const rows = buildRows([run(1, { editorSpeed: editorSpeed(10, [900, 1250, 800, 950, 870]) })], notRun, notRun);
    expect(cellsOf(rows, 'Opening a 100 kB PRD until it is editable')?.[0]).toEqual({ value: 900, text: '900.0 ms (800.0 ms–1250.0 ms) (5 opens)' });
  });
});

describe('the suggestion rows (issue 33)', () => {
  test('Ask AI: the words painted on screen are judged against 50 ms at p99; the HTTP client’s delta is shown beside it, unjudged', () => {
    const firstWords = { samples: 30, p50Ms: 12.4, p99Ms: 48.2, maxMs: 48.2, missing: 0 };
    const rows = buildRows([run(1, { suggestionOnScreen: { firstWords, documentBytes: 100_412 } }), run(2, {})], notRun, notRun);
    const onScreen = rows.find((r) => r.figure.startsWith('Ask AI: first suggested words on screen'));
    expect(onScreen?.target?.text).toBe('p99 ≤ 50 ms');
    expect(onScreen?.cells[0]).toEqual({ value: 48.2, text: '12.4 ms / 48.2 ms / max 48.2 ms (30 samples)' });
    expect(onScreen?.cells[1]).toHaveProperty('notMeasured');
    expect(rows.find((r) => r.figure.startsWith('Ask AI: first suggested words read by an HTTP client'))?.target).toBeUndefined();
  });
});
