import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { adminUrl, clusterDir, ensureDatabases, startPostgres, stopPostgres } from './postgres.ts';
import { startRedis, stopRedis } from './redis.ts';
import { startNginx, writeGatewayConfig, type GatewayOptions } from './nginx.ts';
import { freePort } from './ports.ts';
import { isAlive, startProcess, stopProcess, waitFor, type Managed } from './process.ts';
import { fromRoot } from './paths.ts';
import { loadSecrets } from './secrets.ts';
import { internalTokenEnv, NODE_FLAGS, SERVICES, type ServiceSpec } from './services.ts';

export interface StackOptions {
  /** Folder for this stack's data, logs and state (e.g. .data/ or .data/e2e-<id>). */
  dir: string;
  gatewayPort: number;
  replicas: number;
  /** Throw-away stacks (tests) trade PostgreSQL durability for speed. */
  ephemeral?: boolean;
  /** Extra environment for every service (overrides the .env file). */
  env?: Record<string, string>;
  /** Only these services (default: all; identity always, the others need it); the gateway answers 503 for the others' routes. */
  services?: Array<ServiceSpec['name']>;
  say?: (line: string) => void;
}

export interface ProcessState extends Managed {
  kind: 'postgres' | 'redis' | 'service' | 'nginx';
  port?: number;
}

export interface StackState {
  url: string;
  dir: string;
  startedAt: string;
  ownerPid: number;
  postgresUrl: string;
  redisUrl: string;
  /** Environment every service got, minus secrets: for tests that start extra replicas. */
  serviceEnv: Record<string, string>;
  /** Loopback addresses the services call each other on (IDENTITY_URL...), balanced over the replicas by nginx. */
  internalUrls: Record<string, string>;
  processes: ProcessState[];
}

export const stateFile = (dir: string) => path.join(dir, 'stack.json');

export function readState(dir: string): StackState | undefined {
  const file = stateFile(dir);
  if (!existsSync(file)) return undefined;
  const state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  return state.processes.some((p) => isAlive(p.pid)) ? state : undefined;
}

/** The developer's optional .env at the root, then the caller's overrides. */
function userEnv(): Record<string, string> {
  const file = fromRoot('.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(Object.entries(parseEnv(readFileSync(file, 'utf8'))).filter((e): e is [string, string] => e[1] !== undefined));
}

async function ready(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) });
  return res.ok;
}

export async function startStack(options: StackOptions): Promise<StackState> {
  const say = options.say ?? (() => undefined);
  const { dir } = options;
  const logs = path.join(dir, 'logs');
  const secrets = loadSecrets(dir);
  const processes: ProcessState[] = [];
  const state: StackState = {
    url: `http://localhost:${options.gatewayPort}`,
    dir,
    startedAt: new Date().toISOString(),
    ownerPid: process.pid,
    postgresUrl: '',
    redisUrl: '',
    serviceEnv: {},
    internalUrls: {},
    processes,
  };
  const save = () => writeFileSync(stateFile(dir), JSON.stringify(state, null, 2));
  try {
    const pgPort = await freePort();
    say(`PostgreSQL on 127.0.0.1:${pgPort}`);
    const pgDir = clusterDir(path.join(dir, 'postgres'));
    processes.push({
      kind: 'postgres',
      port: pgPort,
      ...(await startPostgres({ dir: pgDir, port: pgPort, password: secrets.POSTGRES_PASSWORD, log: path.join(logs, 'postgres.log'), ephemeral: options.ephemeral })),
    });
    save();
    const admin = adminUrl(pgPort, secrets.POSTGRES_PASSWORD);
    state.postgresUrl = admin;
    await ensureDatabases(admin, [...new Set(SERVICES.map((s) => s.database))]);

    const redisPort = await freePort();
    say(`Redis on 127.0.0.1:${redisPort}`);
    processes.push({ kind: 'redis', port: redisPort, ...(await startRedis({ dir: path.join(dir, 'redis'), port: redisPort, log: path.join(logs, 'redis.log') })) });
    state.redisUrl = `redis://127.0.0.1:${redisPort}`;
    save();

    const wanted = SERVICES.filter((s) => !options.services || s.name === 'identity' || options.services.includes(s.name));
    const ports: Record<string, number[]> = {};
    for (const spec of SERVICES) {
      ports[spec.name] = [];
      // A service left out still gets a (closed) port, so the gateway's upstreams stay valid.
      const count = wanted.includes(spec) ? options.replicas : 1;
      for (let i = 0; i < count; i++) ports[spec.name]!.push(await freePort());
    }
    // Like a Kubernetes Service, one stable address per service in front of all its replicas: a killed
    // replica must not break the other services' internal calls (docs/decisions/0003-internal-calls.md).
    const internal: GatewayOptions['internal'] = { identity: await freePort(), content: await freePort(), chat: await freePort(), export: await freePort() };
    const url = (name: keyof typeof internal) => `http://127.0.0.1:${internal[name]}`;
    state.internalUrls = { identity: url('identity'), content: url('content'), chat: url('chat'), export: url('export') };
    const shared: Record<string, string> = {
      NODE_ENV: options.ephemeral ? 'test' : 'development',
      HOST: '127.0.0.1',
      REDIS_URL: state.redisUrl,
      SESSION_SECRET: secrets.SESSION_SECRET,
      ENCRYPTION_KEY: secrets.ENCRYPTION_KEY,
      IDENTITY_URL: url('identity'),
      CONTENT_URL: url('content'),
      CHAT_URL: url('chat'),
      EXPORT_URL: url('export'),
      // The local stack shows the demo account on the auth screen (docs/decisions/0009-security.md); production manifests leave it off.
      DEMO_ACCOUNT_ENABLED: 'true',
      // docs/decisions/0014-streaming-replies.md: one reply time limit for the chat service and nginx (the client reads it from the chat's answers).
      AI_REPLY_TIMEOUT_S: '120',
      ...userEnv(),
      ...options.env,
    };
    state.serviceEnv = Object.fromEntries(Object.entries(shared).filter(([k]) => !/SECRET|TOKEN|KEY|PASSWORD/.test(k)));

    // The gateway first: the services reach one another through its internal listeners at start-up.
    const nginxDir = path.join(dir, 'nginx');
    const conf = writeGatewayConfig({
      dir: nginxDir,
      port: options.gatewayPort,
      webRoot: fromRoot('web/dist'),
      upstreams: { identity: ports.identity!, content: ports.content!, chat: ports.chat!, export: ports.export! },
      internal,
      replyTimeoutS: shared.AI_REPLY_TIMEOUT_S!,
      realtimeOrigin: new URL(shared.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').origin,
    });
    const nginx = startNginx(nginxDir, conf, path.join(logs, 'nginx.log'));
    processes.push({ kind: 'nginx', port: options.gatewayPort, ...nginx });
    save();

    // Identity first: the others call it at start-up (demo data, guests); then the rest in parallel.
    const order = [wanted.filter((s) => s.name === 'identity'), wanted.filter((s) => s.name !== 'identity')];
    for (const group of order) {
      const started: Array<Promise<void>> = [];
      for (const spec of group) {
        ports[spec.name]!.forEach((port, replica) => {
          const name = options.replicas > 1 ? `${spec.name}-${replica + 1}` : spec.name;
          const env = {
            ...process.env,
            ...shared,
            ...internalTokenEnv(spec.name, { ...secrets }),
            ...spec.env,
            PORT: String(port),
            DATABASE_URL: adminUrl(pgPort, secrets.POSTGRES_PASSWORD, spec.database),
          };
          const managed = startProcess(name, process.execPath, [...NODE_FLAGS, fromRoot(spec.entry)], path.join(logs, `${name}.log`), { env, cwd: fromRoot() });
          processes.push({ kind: 'service', port, ...managed });
          say(`${name} on 127.0.0.1:${port}`);
          started.push(waitFor(name, () => ready(port), 60_000, managed));
        });
      }
      save();
      await Promise.all(started);
    }

    await waitFor('nginx', async () => (await fetch(`http://127.0.0.1:${options.gatewayPort}/api/current-user`)).ok, 20_000, nginx);
    return state;
  } catch (err) {
    await stopStack(state);
    throw err;
  }
}

/** Stops every process of a stack, newest first, and removes its state file. */
export async function stopStack(state: StackState): Promise<void> {
  for (const p of [...state.processes].reverse()) {
    if (!isAlive(p.pid)) continue;
    if (p.kind === 'postgres') await stopPostgres(p.pid);
    else if (p.kind === 'redis') await stopRedis(p.pid);
    else await stopProcess(p.pid);
  }
  rmSync(stateFile(state.dir), { force: true });
}
