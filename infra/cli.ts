import path from 'node:path';
import { DATA } from './lib/paths.ts';
import { build } from './lib/run.ts';
import { readState, startStack, stopStack } from './lib/stack.ts';
import { isPortOpen } from './lib/ports.ts';
import { runContainerTests, runSoak, runTests } from './test/run-tests.ts';
import { containersDown, containersUp } from './containers/command.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function start(args: string[]) {
  const running = readState(DATA);
  if (running) {
    say(`PRD Studio is already running at ${running.url} (started ${running.startedAt}, pid ${running.ownerPid}).`);
    say('Stop it with `npm stop` (or Ctrl-C in its terminal) before starting it again.');
    process.exit(1);
  }
  const gatewayPort = Number(option(args, 'port') ?? process.env.GATEWAY_PORT ?? 8080);
  const replicas = Number(option(args, 'replicas') ?? process.env.REPLICAS ?? 1);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) throw new Error('--replicas must be a whole number from 1 to 8');
  if (await isPortOpen(gatewayPort)) throw new Error(`port ${gatewayPort} is already in use: free it or start with --port <other>`);

  say('Building...');
  await build();
  const started = Date.now();
  const state = await startStack({ dir: DATA, gatewayPort, replicas, say });
  say('');
  say(`PRD Studio is ready at ${state.url}  (${((Date.now() - started) / 1000).toFixed(1)} s; logs in ${path.join(DATA, 'logs')})`);
  say('Press Ctrl-C (or run `npm stop`) to stop everything.');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    say('\nStopping PRD Studio...');
    await stopStack(state);
    say('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // `npm stop` from another terminal removes the processes; leave when they are gone.
  setInterval(() => {
    if (!stopping && !readState(DATA)) process.exit(0);
  }, 2_000);
}

async function stop() {
  const state = readState(DATA);
  if (!state) {
    say('PRD Studio is not running.');
    return;
  }
  await stopStack(state);
  say('PRD Studio stopped.');
}

const [command = 'start', ...args] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => Promise<unknown>> = {
  start,
  stop,
  test: async (a) => process.exit(await runTests(a)),
  'test-soak': async () => process.exit(await runSoak()),
  'test-containers': async () => process.exit(await runContainerTests()),
  containers: (a) => containersUp(Number(option(a, 'port') ?? process.env.GATEWAY_PORT ?? 8080), say),
  'containers-down': () => containersDown(say),
  bench: async () => {
    // Loaded only here: the bench imports the built contracts (@prd/proto), which a fresh clone has only after the build.
    const { runBench } = await import('./bench/bench.ts');
    await runBench();
    process.exit(0);
  },
};
const handler = commands[command];
if (!handler) {
  say(`unknown command '${command}' (use start, stop, test, test-soak, test-containers, bench, containers or containers-down)`);
  process.exit(2);
}
handler(args).catch((err: unknown) => {
  process.stderr.write(`\n${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
