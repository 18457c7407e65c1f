import { execFileSync } from 'node:child_process';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { COLLAB_TOKEN, collabDocumentName, collabSocketPath } from '@prd/proto';
import type { StackState } from '../lib/stack.ts';
import { createDocument, postJson, type BenchUser } from './api.ts';
import { typingText } from './collab.ts';
import { treeTicks } from './cpu.ts';
import { load } from './load.ts';
import type { NotMeasured } from './report.ts';
import { spread, type Spread } from './spread.ts';

/**
 * What a request costs the product, whatever the machine's cores allow: CPU time (utime + stime, from
 * /proc/<pid>/stat) of every process of the stack — services, worker, nginx, PostgreSQL, Redis and their
 * children — over a stretch of work, divided by the requests (or edits) it served. Throughput on this
 * two-core machine is bounded by the cores the load generator shares with the stack; CPU per request is
 * not, so one replica against two shows whether a second replica adds work to each request.
 */
export interface CostFigures {
  /** Requests (or edits) served in the stretch. */
  requests: number;
  /** Product CPU per request, milliseconds. */
  cpuMsPerRequest: number;
  /** The same, by process (replicas of a service together): where the time goes. */
  byProcess: Record<string, number>;
  failures: number;
  /** Live co-editing: Redis PUBLISH commands per edit (the Redis extension's fan-out between replicas). */
  redisPublishesPerRequest?: number;
}

/** A cost measured several times: product CPU per request, median and spread, and each run. */
export interface RepeatedCost {
  cpuMsPerRequest: Spread;
  runs: CostFigures[];
}

/** CPU per request of the read path, the AI path and live co-editing (per edit) in one run of the benchmark. */
export interface CostResults {
  readPath: RepeatedCost | NotMeasured;
  aiPath: RepeatedCost | NotMeasured;
  collab: RepeatedCost | NotMeasured;
  /** With two replicas: the same editing with the editors spread over both (as before decision 0029); absent before it was measured. */
  collabSpread?: RepeatedCost | NotMeasured;
  /**
   * One replica only: the AI path at half the connections, so that the replica carries what each of two carries at
   * full connections. A process's CPU per reply grows as its load falls (less work batched per event-loop turn and
   * per Redis round trip), so this control tells the load per replica from the replica count. Absent before it was measured.
   */
  aiPathHalfLoad?: RepeatedCost | NotMeasured;
  /** Each main route besides the list (infra/bench/route-cost.ts); absent before it was measured. */
  routes?: Array<{ route: string; cost: RepeatedCost | NotMeasured }>;
}

/**
 * `measure` run `times` times, after `warmups` runs that are not kept: a process's first seconds of a kind of work include
 * compiling its code (V8's compiler threads count in the process's CPU time), and two replicas compile everything twice. A
 * bench run measured cold once put the first of three AI path runs at 14 ms a reply and the next two at 9.
 */
export async function repeatCost(times: number, measure: () => Promise<CostFigures>, warmups = 1): Promise<RepeatedCost> {
  for (let i = 0; i < warmups; i++) await measure();
  const runs: CostFigures[] = [];
  for (let i = 0; i < times; i++) runs.push(await measure());
  return { cpuMsPerRequest: spread(runs.map((r) => r.cpuMsPerRequest)), runs };
}

/** /proc reports CPU times in USER_HZ ticks, 100 per second on Linux whatever the kernel's own HZ. */
export const TICK_MS = 10;

/** The stack's processes, as its state file lists them. */
type Processes = { processes: Array<{ name: string; pid: number }> };

/** Name of a stack process without its replica number: content-2 → content. */
const processName = (name: string) => name.replace(/-\d+$/, '');

/** CPU milliseconds so far of each of the stack's processes (with descendants), by process name. */
export function stackCpuMs(state: Processes, ticks: (roots: number[]) => number = treeTicks): Record<string, number> {
  const byName: Record<string, number> = {};
  for (const p of state.processes) {
    const name = processName(p.name);
    byName[name] = (byName[name] ?? 0) + ticks([p.pid]) * TICK_MS;
  }
  return byName;
}

/** Product CPU per unit of `work`, which returns how many requests it served and how many failed. */
export async function cpuCost(state: Processes, work: () => Promise<{ requests: number; failures: number }>, ticks: (roots: number[]) => number = treeTicks): Promise<CostFigures> {
  const before = stackCpuMs(state, ticks);
  const { requests, failures } = await work();
  const after = stackCpuMs(state, ticks);
  if (requests === 0) throw new Error('no request was served');
  const byProcess = Object.fromEntries(Object.keys(after).map((name) => [name, ((after[name] ?? 0) - (before[name] ?? 0)) / requests]));
  const cpuMsPerRequest = Object.values(byProcess).reduce((sum, v) => sum + v, 0);
  return { requests, cpuMsPerRequest, byProcess, failures };
}

export interface CostSettings {
  seconds: number;
  connections: number;
  /** Live co-editing: editors of one document, through the gateway, and the edits each makes. */
  editors: number;
  editsPerEditor: number;
}

/** The read path: GET /api/documents (the user's 100 documents) through nginx. */
export function readPathCost(base: string, state: StackState, user: BenchUser, settings: CostSettings): Promise<CostFigures> {
  return cpuCost(state, () => load({ url: `${base}/api/documents`, connections: settings.connections, seconds: settings.seconds, headers: { Cookie: user.cookie } }, 0));
}

/** The AI path: POST /api/chat in general mode against the zero-latency provider, in one thread. */
export async function aiPathCost(base: string, state: StackState, user: BenchUser, settings: CostSettings): Promise<CostFigures> {
  const { id: threadId } = await postJson<{ id: number }>(base, user, '/api/chat/threads', { title: 'Cost benchmark' });
  const body = JSON.stringify({ content: 'Suggest one measurable goal for a PRD editor.', mode: 'general', threadId });
  return cpuCost(state, () =>
    load(
      {
        url: `${base}/api/chat`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: user.cookie, Origin: base },
        body,
        connections: settings.connections,
        seconds: settings.seconds,
      },
      0,
    ),
  );
}

export type CostEditor = { doc: Y.Doc; synced: Promise<void>; close: () => void };

/**
 * An editor of `documentId` at `origin`: the gateway, as the browser opens it (the document in the URL:
 * docs/decisions/0029-live-documents-on-one-replica.md), or one content replica's own port.
 */
export function editorAt(origin: string, user: BenchUser, documentId: number): CostEditor {
  const headers = { Cookie: user.cookie, Origin: origin };
  const socket = new HocuspocusProviderWebsocket({
    url: `${origin.replace(/^http/, 'ws')}${collabSocketPath(documentId)}`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
  });
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: collabDocumentName(documentId), token: COLLAB_TOKEN, document: doc });
  provider.attach();
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return {
    doc,
    synced,
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** PUBLISH commands Redis has run so far (INFO commandstats, through Debian's redis-cli, which comes with redis-server). */
export function redisPublishes(redisUrl: string): number {
  const stats = execFileSync('redis-cli', ['-u', redisUrl, 'INFO', 'commandstats'], { encoding: 'utf8' });
  return Number(/^cmdstat_publish:calls=(\d+)/m.exec(stats)?.[1] ?? 0);
}

/** Resolves once `text` holds `count` occurrences of `mark`. */
function untilMarks(text: Y.XmlText, mark: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (String(text).split(mark).length - 1 < count) return;
      text.unobserve(check);
      resolve();
    };
    text.observe(check);
    check();
  });
}

/**
 * Live co-editing: `editors` on one document through the gateway each type `editsPerEditor` edits (one
 * character each, a few milliseconds apart), until every editor has every edit. The product's CPU over
 * that, per edit: applying it, the fan-out to the other editors and through Redis (whose PUBLISH
 * commands per edit are counted too: docs/decisions/0029-live-documents-on-one-replica.md). The store
 * that follows typing by 2 s falls after the stretch and is not counted.
 */
export function collabCost(base: string, state: StackState, user: BenchUser, settings: CostSettings): Promise<CostFigures> {
  return editingCost(base, state, user, settings, () => base);
}

/**
 * The same, with the editors spread over the content replicas' own ports in turn: where a document's
 * editors were before it was kept on one replica (decision 0029), for the before-and-after comparison.
 * nginx carries none of these edits, so only content's CPU and Redis compare with collabCost.
 */
export function spreadCollabCost(base: string, state: StackState, user: BenchUser, settings: CostSettings): Promise<CostFigures> {
  const replicas = state.processes.filter((p) => p.kind === 'service' && /^content(-\d+)?$/.test(p.name) && p.port).map((p) => `http://127.0.0.1:${p.port}`);
  if (replicas.length < 2) throw new Error('needs two content replicas');
  return editingCost(base, state, user, settings, (i) => replicas[i % replicas.length]!);
}

async function editingCost(base: string, state: StackState, user: BenchUser, settings: CostSettings, originOf: (editor: number) => string): Promise<CostFigures> {
  const { id } = await createDocument(base, user, 'Cost benchmark', '# Cost benchmark\n');
  const editors = Array.from({ length: settings.editors }, (_, i) => editorAt(originOf(i), user, id));
  try {
    await Promise.all(editors.map((e) => e.synced));
    const total = settings.editors * settings.editsPerEditor;
    const publishedBefore = redisPublishes(state.redisUrl);
    const cost = await cpuCost(state, async () => {
      const texts = editors.map((e) => typingText(e.doc));
      const everywhere = Promise.all(texts.map((text) => untilMarks(text, '§', total)));
      for (let i = 0; i < settings.editsPerEditor; i++) {
        for (const text of texts) text.insert(text.length, '§');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await everywhere;
      return { requests: total, failures: 0 };
    });
    return { ...cost, redisPublishesPerRequest: (redisPublishes(state.redisUrl) - publishedBefore) / total };
  } finally {
    for (const e of editors) e.close();
  }
}
