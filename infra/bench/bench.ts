import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA, fromRoot } from '../lib/paths.ts';
import { freePort, isPortOpen } from '../lib/ports.ts';
import { sleep, startProcess, stopProcess, waitFor, type Managed } from '../lib/process.ts';
import { build } from '../lib/run.ts';
import { readState, startStack, stopStack } from '../lib/stack.ts';
import { register } from './api.ts';
import { measureBundle } from './bundle.ts';
import { documentPage, measureLighthouse } from './lighthouse.ts';
import { measureChat } from './chat.ts';
import { COLLAB_DOCUMENT, measureCollab } from './collab.ts';
import { aiPathCost, collabCost, readPathCost, repeatCost, spreadCollabCost, type CostResults, type CostSettings, type RepeatedCost } from './cost.ts';
import { cpuSnapshot, foreignShare } from './cpu.ts';
import { measureEditorsPerDocument } from './editors-per-document.ts';
import { measureIdleSockets } from './idle-sockets.ts';
import { MAIN_ROUTES, routeCost } from './route-cost.ts';
import { measureMcp } from './mcp.ts';
import { EXPORT_IDLE_SECONDS, exportMemoryAfterIdle, measureMemory } from './memory.ts';
import { measureReadPath, READ_PATH_CONNECTIONS, seedDocuments } from './read-path.ts';
import { judgeRows, renderTable, type NotMeasured } from './report.ts';
import { AI_WARMUP_SECONDS, buildRows, COST_CONNECTIONS, SETTINGS_REPETITIONS, type BenchResults, type RunResults } from './results.ts';
import { measureNotificationPush, measureSharedReadPath, shareDocuments } from './sharing.ts';
import { measureUsagePush } from './usage-push.ts';
import { measureExport } from './document-export.ts';
import { DOCUMENT_MODEL_BYTES, measureDocumentModel } from './document-model.ts';
import { measureDocxImport } from './document-import.ts';
import { EDITOR_DOCUMENT_BYTES, measureEditorSpeed } from './editor-speed.ts';
import { measureMergeCost } from './merge-cost.ts';
import { measureYjsDocumentMemory } from './yjs-document-memory.ts';
import { measureSuggestionOnScreen } from './suggestion-on-screen.ts';
import { measureSuggestionSpeed } from './suggestion-speed.ts';

/** Durations and sample counts: the whole benchmark (both runs) stays within about ten minutes. */
export const SETTINGS = {
  readPathSeconds: 10,
  readPathRepetitions: SETTINGS_REPETITIONS,
  /** The read-path load that runs while the usage push is sampled a second time. */
  pushLoadSeconds: 20,
  chatSeconds: 5,
  chatWarmupSeconds: AI_WARMUP_SECONDS,
  chatConnections: 10,
  realtimeProbes: 30,
  usagePushSamples: 100,
  notificationPushSamples: 100,
  exportSamples: 5,
  /** Imports of the 1 MB Word file (each makes a document). */
  importSamples: 5,
  /** Issue 33: streamed suggestions asked and accepted, one at a time, on a document of this size with so many live editors. */
  suggestionSamples: 100,
  suggestionDocumentBytes: 100_000,
  suggestionEditors: 3,
  /** Ask AI through the editor in Chromium, its first words timed to the frame that paints them (issue 33's row as it names it). */
  suggestionOnScreenSamples: 30,
  /** Three-way merges of one AI save onto a 100 kB document (docs/decisions/0035-edits-merge.md), in the benchmark's process. */
  mergeSamples: 500,
  /** Live co-editing (docs/decisions/0022-co-editing-with-hocuspocus.md): editors on one document, probes, their typing, documents opened for the memory figure. */
  collabClients: 20,
  collabProbes: 200,
  collabTypingPerSecond: 5,
  collabDocuments: 100,
  /**
   * Product CPU per request (infra/bench/cost.ts), each figure measured this many times: the read path and
   * the AI path for so many seconds at so many connections, and so many editors of one document each making so many edits.
   */
  costRepetitions: SETTINGS_REPETITIONS,
  costSeconds: 10,
  costConnections: COST_CONNECTIONS,
  costEditors: 20,
  costEditsPerEditor: 200,
  /** Requests of each main route for its CPU per request (a tenth of them for the Word export), so many at a time. */
  routeRequests: 300,
  routeConcurrency: 5,
  /** The search for the most editors of one document within 100 ms at p99 (infra/bench/editors-per-document.ts), in the one-replica run. */
  editorsSteps: '20,40,80,120,160,240,320',
  editorsProbesPerStep: 100,
  editorsTypingPerSecond: 2,
  editorsLimitMs: 100,
  /** Idle sockets of each kind (/ws-collab, /ws, /ws-general) held on one replica for the memory per socket, in the one-replica run. */
  idleSockets: 5_000,
  /** Calls of each MCP tool measured, one at a time. */
  mcpSamples: 200,
  lighthouseRuns: 3,
  /** The rich-text editor in Chromium (infra/bench/editor-speed.ts): keystrokes timed, opens of the 100 kB document timed, the other editors typing meanwhile. */
  editorKeys: 200,
  editorOpens: 7,
  editorOthers: 2,
  editorOthersTypingPerSecond: 5,
  /** Saves of a 100 kB document timed for the shared document model (derivation, and an outside edit applied). */
  documentModelSaves: 200,
  /**
   * The worker's shared provider limit (10/s as shipped) would otherwise time the limiter's queue,
   * not the product: the benchmark raises it, keeps it on, and says so beside the AI figures.
   */
  providerRateLimit: 10_000,
} as const;

const BENCH_DIR = path.join(DATA, 'bench');
/** Above this share of the CPU used by other work during a run, its figures are flagged as pessimistic. */
const BUSY_SHARE = 0.1;
const LAST_RESULTS = fromRoot('infra/bench/last-results.json');

interface Helper extends Managed {
  url: string;
}

const stackDir = (replicas: number) => path.join(BENCH_DIR, `stack-${replicas}`);
const REPLICA_COUNTS = [1, 2];
/** The benchmark's own helper processes now running. */
const helpers = new Set<number>();

/** Ctrl-C stops whatever the benchmark started: the stacks' processes live in their own process groups. */
function stopOnInterrupt(say: (l: string) => void): void {
  let stopping = false;
  const handler = async () => {
    if (stopping) return;
    stopping = true;
    say('\nInterrupted: stopping what the benchmark started...');
    for (const replicas of REPLICA_COUNTS) {
      const state = readState(stackDir(replicas));
      if (state) await stopStack(state);
    }
    for (const pid of helpers) await stopProcess(pid);
    process.exit(130);
  };
  process.on('SIGINT', () => void handler());
  process.on('SIGTERM', () => void handler());
}

/** Starts one of the benchmark's own Node scripts (raw server, provider stub) on a free port. */
async function startHelper(name: string, script: string, env: Record<string, string>): Promise<Helper> {
  const port = await freePort();
  const managed = startProcess(name, process.execPath, ['--disable-warning=ExperimentalWarning', fromRoot('infra/bench', script)], path.join(BENCH_DIR, 'logs', `${name}.log`), {
    env: { ...process.env, ...env, PORT: String(port) },
    cwd: fromRoot(),
  });
  helpers.add(managed.pid);
  await waitFor(name, () => isPortOpen(port), 20_000, managed);
  return { ...managed, url: `http://127.0.0.1:${port}` };
}

async function stopHelper(helper: Helper): Promise<void> {
  await stopProcess(helper.pid);
  helpers.delete(helper.pid);
}

/** Runs one measurement; a failure becomes "not measured: <reason>" instead of ending the benchmark. */
async function attempt<T extends object>(what: string, say: (l: string) => void, measure: () => Promise<T>): Promise<T | NotMeasured> {
  say(`   ${what}...`);
  try {
    return await measure();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    say(`   ${what}: not measured: ${reason}`);
    return { notMeasured: reason };
  }
}

function contentDatabaseUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = '/prd_content';
  return url.toString();
}

async function runOnce(replicas: number, stub: Helper, say: (l: string) => void, lighthouse: (base: string) => Promise<void>): Promise<RunResults> {
  const dir = stackDir(replicas);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  say(`\n== ${replicas} replica${replicas > 1 ? 's' : ''}: starting the stack`);
  const state = await startStack({
    dir,
    gatewayPort: await freePort(),
    replicas,
    ephemeral: true,
    env: {
      OPENAI_BASE_URL: `${stub.url}/v1`,
      OPENAI_API_KEY: 'bench-provider-key',
      AI_RATE_LIMIT_PER_SECOND: String(SETTINGS.providerRateLimit),
      // A few benchmark users send thousands of replies: the per-user reply cap off.
      AI_REPLIES_PER_MINUTE: '0',
      // Thousands of benchmark messages in one month: registered users' allowance unlimited.
      USER_MESSAGES_LIMIT: '',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
      // One owner shares the read path's 100 documents, and one colleague writes the push samples' comments back to back.
      SHARES_PER_HOUR: '100000',
      COMMENTS_PER_MINUTE: '100000',
    },
    say: (l) => say(`   ${l}`),
  });
  let raw: Helper | undefined;
  try {
    const base = state.url;
    // The stack, the helpers and autocannon are all this process or its children.
    const cpuBefore = cpuSnapshot([process.pid]);
    const rawServer = await startHelper(`raw-server-${replicas}`, 'raw-server.ts', { DATABASE_URL: contentDatabaseUrl(state.postgresUrl) });
    raw = rawServer;
    const readUser = await register(base, 'read');
    say('   creating 100 documents through the API, and sharing them with another user...');
    const documentIds = await seedDocuments(base, readUser);
    const sharedReader = await shareDocuments(base, readUser, documentIds);
    await sleep(3_000);
    const memoryAtRest = measureMemory(state);

    const readPath = await attempt(`read path: raw server, then nginx (${SETTINGS.readPathSeconds} s each at 50 connections, ${SETTINGS.readPathRepetitions} times)`, say, () =>
      measureReadPath(base, readUser, rawServer.url, SETTINGS.readPathSeconds, SETTINGS.readPathRepetitions),
    );
    const sharedReadPath = await attempt(
      `shared read path: GET /api/documents?scope=shared via nginx (${SETTINGS.readPathSeconds} s at 50 connections, ${SETTINGS.readPathRepetitions} times)`,
      say,
      () => measureSharedReadPath(base, sharedReader, SETTINGS.readPathSeconds, SETTINGS.readPathRepetitions),
    );
    const chat = await attempt('AI path (POST /api/chat, /ws)', say, async () =>
      measureChat(base, await register(base, 'chat'), stub.url, {
        seconds: SETTINGS.chatSeconds,
        warmupSeconds: SETTINGS.chatWarmupSeconds,
        connections: SETTINGS.chatConnections,
        probes: SETTINGS.realtimeProbes,
      }),
    );
    const suggestionSpeed = await attempt(
      `suggestions: first streamed words, and accepts reaching ${SETTINGS.suggestionEditors} live editors of a ${SETTINGS.suggestionDocumentBytes / 1000} kB document (${SETTINGS.suggestionSamples} each)`,
      say,
      async () =>
        measureSuggestionSpeed(base, await register(base, 'suggest'), stub.url, {
          samples: SETTINGS.suggestionSamples,
          editors: SETTINGS.suggestionEditors,
          documentBytes: SETTINGS.suggestionDocumentBytes,
        }),
    );
    const suggestionOnScreen = await attempt(
      `Ask AI in Chromium: first suggested words painted (${SETTINGS.suggestionDocumentBytes / 1000} kB document, ${SETTINGS.suggestionOnScreenSamples} times)`,
      say,
      async () =>
        measureSuggestionOnScreen(base, await register(base, 'suggest-screen'), stub.url, {
          samples: SETTINGS.suggestionOnScreenSamples,
          documentBytes: SETTINGS.suggestionDocumentBytes,
        }),
    );
    const background = { url: `${base}/api/documents`, connections: READ_PATH_CONNECTIONS, seconds: SETTINGS.pushLoadSeconds, headers: { Cookie: readUser.cookie } };
    const usagePush = await attempt('usage_update push, idle and under the read-path load', say, async () =>
      measureUsagePush(base, await register(base, 'push'), SETTINGS.usagePushSamples, background),
    );
    const notificationPush = await attempt('notification push after a colleague’s comment', say, () =>
      measureNotificationPush(base, readUser, documentIds[0] ?? 0, SETTINGS.notificationPushSamples),
    );
    const wordExport = await attempt('Word export', say, async () => measureExport(base, await register(base, 'export'), SETTINGS.exportSamples, 'docx'));
    const pdfExport = await attempt('PDF export', say, async () => measureExport(base, await register(base, 'export'), SETTINGS.exportSamples, 'pdf'));
    // Before the export memory's clock starts: its Word file is the Word export's.
    const docxImport = await attempt('Word import', say, async () => measureDocxImport(base, await register(base, 'import'), SETTINGS.importSamples));
    const lastExportEndedAt = performance.now();
    const editorSpeed = await attempt(`rich-text editor in Chromium (${EDITOR_DOCUMENT_BYTES / 1000} kB document, ${SETTINGS.editorOthers} others typing)`, say, async () =>
      measureEditorSpeed(base, await register(base, 'editor'), {
        keys: SETTINGS.editorKeys,
        opens: SETTINGS.editorOpens,
        otherEditors: SETTINGS.editorOthers,
        typingPerSecond: SETTINGS.editorOthersTypingPerSecond,
      }),
    );
    const collab = await attempt(`live co-editing (${SETTINGS.collabClients} editors on one document, ${SETTINGS.collabDocuments} documents open)`, say, async () =>
      measureCollab(base, state, await register(base, 'collab'), {
        clients: SETTINGS.collabClients,
        probes: SETTINGS.collabProbes,
        typingPerSecond: SETTINGS.collabTypingPerSecond,
        documents: SETTINGS.collabDocuments,
      }),
    );
    const costSettings: CostSettings = {
      seconds: SETTINGS.costSeconds,
      connections: SETTINGS.costConnections,
      editors: SETTINGS.costEditors,
      editsPerEditor: SETTINGS.costEditsPerEditor,
    };
    const costOf = (what: string, measure: () => Promise<RepeatedCost>) => attempt(`product CPU per request: ${what} (${SETTINGS.costRepetitions} times)`, say, measure);
    const cost: CostResults = {
      readPath: await costOf('read path', () => repeatCost(SETTINGS.costRepetitions, () => readPathCost(base, state, readUser, costSettings))),
      aiPath: await costOf('AI path', async () => {
        const user = await register(base, 'cost');
        return repeatCost(SETTINGS.costRepetitions, () => aiPathCost(base, state, user, costSettings));
      }),
      collab: await costOf('live co-editing', async () => {
        const user = await register(base, 'cost-collab');
        return repeatCost(SETTINGS.costRepetitions, () => collabCost(base, state, user, costSettings));
      }),
      routes: [],
      ...(replicas === 1 && {
        aiPathHalfLoad: await costOf(`AI path at ${SETTINGS.costConnections / 2} connections (the load of one of two replicas)`, async () => {
          const user = await register(base, 'cost-half');
          return repeatCost(SETTINGS.costRepetitions, () => aiPathCost(base, state, user, { ...costSettings, connections: SETTINGS.costConnections / 2 }));
        }),
      }),
      ...(replicas > 1 && {
        collabSpread: await costOf('live co-editing, editors spread over the replicas', async () => {
          const user = await register(base, 'cost-spread');
          return repeatCost(SETTINGS.costRepetitions, () => spreadCollabCost(base, state, user, costSettings));
        }),
      }),
    };
    const routeUser = await register(base, 'routes');
    for (const route of MAIN_ROUTES) {
      cost.routes!.push({
        route: route.name,
        cost: await costOf(route.name, () =>
          repeatCost(SETTINGS.costRepetitions, () => routeCost(base, state, routeUser, route, { requests: SETTINGS.routeRequests, concurrency: SETTINGS.routeConcurrency })),
        ),
      });
    }
    const editorsPerDocument =
      replicas === 1
        ? await attempt(`the most editors of one document within ${SETTINGS.editorsLimitMs} ms at p99`, say, async () =>
            measureEditorsPerDocument(base, await register(base, 'editors'), {
              steps: SETTINGS.editorsSteps.split(',').map(Number),
              probesPerStep: SETTINGS.editorsProbesPerStep,
              typingPerSecond: SETTINGS.editorsTypingPerSecond,
              limitMs: SETTINGS.editorsLimitMs,
            }),
          )
        : undefined;
    const idleSockets =
      replicas === 1
        ? await attempt(`memory per idle socket (${SETTINGS.idleSockets} of each kind)`, say, async () =>
            measureIdleSockets(base, state, await register(base, 'idle'), SETTINGS.idleSockets).then((kinds) => ({ kinds })),
          )
        : undefined;
    const mcp = await attempt(`MCP get_document and search_documents over 1,000 documents (${SETTINGS.mcpSamples} calls each)`, say, async () =>
      measureMcp(base, await register(base, 'mcp'), contentDatabaseUrl(state.postgresUrl), SETTINGS.mcpSamples),
    );
    const memoryAfterLoad = measureMemory(state);
    const exportIdle = await attempt(`export memory ${EXPORT_IDLE_SECONDS} s after the last Word and PDF exports`, say, () => exportMemoryAfterIdle(state, lastExportEndedAt));
    const otherCpuShare = foreignShare(cpuBefore, cpuSnapshot([process.pid]));
    // Lighthouse last, on the same stack: its Chromium would otherwise count as other work above.
    await lighthouse(base);
    say(`   other work on the machine used ${(otherCpuShare * 100).toFixed(0)}% of its CPU meanwhile`);
    return {
      replicas,
      otherCpuShare,
      providerRateLimit: SETTINGS.providerRateLimit,
      readPath,
      sharedReadPath,
      chat,
      suggestionSpeed,
      suggestionOnScreen,
      usagePush,
      notificationPush,
      wordExport,
      pdfExport,
      docxImport,
      editorSpeed,
      collab,
      cost,
      idleSockets,
      editorsPerDocument,
      mcp,
      memoryAtRest,
      memoryAfterLoad,
      exportIdle,
    };
  } finally {
    if (raw) await stopHelper(raw);
    say('   stopping the stack');
    await stopStack(state);
  }
}

function machine(): BenchResults['machine'] {
  const release = existsSync('/etc/debian_version') ? `Debian ${readFileSync('/etc/debian_version', 'utf8').trim()}` : `${os.type()} ${os.release()}`;
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: release,
    node: process.version,
  };
}

/**
 * `npm run bench`: builds, then for one and for two replicas starts a throw-away stack on free ports
 * (under .data/bench/), drives the scenarios of infra/k6 with autocannon and `ws` clients, stops it,
 * and prints every figure beside its target; the results go to .data/bench/results-<date>.json and
 * infra/bench/last-results.json.
 */
export async function runBench(): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  for (const replicas of REPLICA_COUNTS) {
    const running = readState(stackDir(replicas));
    if (running) throw new Error(`a benchmark stack is already running (pid ${running.ownerPid}); wait for it or stop it first`);
  }
  stopOnInterrupt(say);
  const started = Date.now();
  const startedAt = new Date().toISOString();
  mkdirSync(BENCH_DIR, { recursive: true });
  say('Building...');
  await build();
  const bundle = await attempt('home route JavaScript', say, async () => measureBundle(fromRoot('web/dist')));
  const documentModel = await attempt(`document model: ${SETTINGS.documentModelSaves} saves of ${DOCUMENT_MODEL_BYTES / 1000} kB`, say, async () =>
    measureDocumentModel(SETTINGS.documentModelSaves),
  );
  const merge = await attempt(`merge of an AI save onto a 100 kB document (${SETTINGS.mergeSamples} times)`, say, async () => measureMergeCost(SETTINGS.mergeSamples));
  const yjsDocument = await attempt(`the co-editing document in ${SETTINGS.collabDocuments} bare Yjs documents`, say, async () =>
    measureYjsDocumentMemory(COLLAB_DOCUMENT, SETTINGS.collabDocuments),
  );

  const stub = await startHelper('openai-stub', 'openai-stub.ts', {});
  const runs: RunResults[] = [];
  let lighthouse: BenchResults['lighthouse'] = { notMeasured: 'the one-replica stack did not start' };
  // Lighthouse once, against the one-replica stack: its scores do not depend on the replica count.
  const auditOnce = async (base: string) => {
    if (runs.length > 0) return;
    lighthouse = await attempt(`Lighthouse on ${SETTINGS.lighthouseRuns} runs of each page`, say, async () =>
      measureLighthouse(base, path.join(BENCH_DIR, 'lighthouse'), SETTINGS.lighthouseRuns, [await documentPage(base)]),
    );
  };
  try {
    for (const replicas of REPLICA_COUNTS) runs.push(await runOnce(replicas, stub, say, auditOnce));
  } finally {
    await stopHelper(stub);
  }

  const table = judgeRows(buildRows(runs, bundle, lighthouse, { documentModel, merge, yjsDocument }));
  const results: BenchResults = {
    startedAt,
    seconds: Math.round((Date.now() - started) / 1000),
    machine: machine(),
    settings: { ...SETTINGS },
    bundle,
    lighthouse,
    documentModel,
    merge,
    yjsDocument,
    runs,
    table,
  };
  const m = results.machine;
  say(`\nPRD Studio benchmark, ${startedAt.slice(0, 10)}: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}; ${results.seconds} s`);
  for (const run of runs) {
    const share = `${(run.otherCpuShare * 100).toFixed(0)}%`;
    say(
      `${run.replicas} replica${run.replicas > 1 ? 's' : ''}: other work used ${share} of the CPU during the measurements${run.otherCpuShare > BUSY_SHARE ? ' (a busy machine: these figures are pessimistic)' : ''}.`,
    );
  }
  say('');
  say(
    renderTable(
      table,
      runs.map((r) => `${r.replicas} replica${r.replicas > 1 ? 's' : ''}`),
    ),
  );
  const file = path.join(BENCH_DIR, `results-${startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  copyFileSync(file, LAST_RESULTS);
  say(`\nSaved ${path.relative(fromRoot(), file)} and ${path.relative(fromRoot(), LAST_RESULTS)}.`);
}
