import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../lib/paths.ts';
import { freshSecrets } from '../lib/secrets.ts';
import { isAlive, sleep, startProcess, stopProcess } from '../lib/process.ts';
import { CONTAINERS_DIR, exec, podman, podmanEnv } from './podman.ts';

/** One docker-compose.yml deployment in our podman storage: `npm run containers` or a test run. */
export interface ComposeState {
  project: string;
  url: string;
  gatewayPort: number;
  /** podman's Docker-compatible API, which docker-compose talks to. */
  socket: string;
  servicePid: number;
  envFile: string;
  /** ip_forward before netavark turned it on, restored when the last deployment goes down. */
  ipForward: string;
}

export const composeStateFile = (project: string) => path.join(CONTAINERS_DIR, `${project}.json`);

/** The compose projects of the test phase are named `<prefix><pid of the npm test that started it>`. */
export const TEST_PROJECT_PREFIX = 'prd-studio-test-';

/** Test deployments this checkout recorded whose run has ended without bringing them down (interrupted). */
export function staleTestProjects(): string[] {
  if (!existsSync(CONTAINERS_DIR)) return [];
  return readdirSync(CONTAINERS_DIR)
    .map((f) => new RegExp(`^(${TEST_PROJECT_PREFIX}(\\d+))\\.json$`).exec(f))
    .filter((m): m is RegExpExecArray => m !== null && !isAlive(Number(m[2])))
    .map((m) => m[1]!);
}

export function readComposeState(project: string): ComposeState | undefined {
  const file = composeStateFile(project);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ComposeState) : undefined;
}

/**
 * The secrets docker-compose.yml requires (every `${NAME:?...}`), each a fresh 32-byte hex value (which
 * every secret of ours accepts, ENCRYPTION_KEY included), read from the file itself so a variable
 * added to the compose file needs no change here.
 */
export function composeEnvFile(file: string, gatewayPort: number): void {
  const required = new Set([...readFileSync(fromRoot('docker-compose.yml'), 'utf8').matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)].map((m) => m[1]!));
  // A `*_SHA256` variable is the hash of the token of the same name, as the services checking that token are given it.
  const lines = Object.entries(freshSecrets(required, () => randomBytes(32).toString('hex'))).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${[...lines, `GATEWAY_PORT=${gatewayPort}`].join('\n')}\n`, { mode: 0o600 });
}

/** docker-compose (1.29, Debian's) against podman's API socket, for one project. */
export function compose(state: Pick<ComposeState, 'project' | 'socket' | 'envFile'>, args: string[], echo?: (line: string) => void) {
  return exec('docker-compose', ['--project-name', state.project, '--file', fromRoot('docker-compose.yml'), '--env-file', state.envFile, ...args], {
    echo,
    env: { DOCKER_HOST: `unix://${state.socket}`, COMPOSE_INTERACTIVE_NO_CLI: '1' },
  });
}

interface PsEntry {
  Id: string;
  Names: string[];
  State: string;
  Labels: Record<string, string> | null;
}

export async function projectContainers(project: string): Promise<PsEntry[]> {
  return JSON.parse(await podman(['ps', '--all', '--format', 'json', '--filter', `label=com.docker.compose.project=${project}`])) as PsEntry[];
}

const health = async (id: string) => (await podman(['inspect', '--format', '{{.State.Health.Status}}', id])).trim();

/**
 * podman runs health checks from systemd timers, and these machines have no systemd: this loop is
 * the timer. Each container's own check runs at its own interval (every 2 s within its start
 * period, where failures do not count), so docker-compose's `condition: service_healthy` and the
 * gateway's start-up order work as with Docker. Stops when `stop()` is called.
 */
export function driveHealthChecks(project: string): { stop: () => Promise<void> } {
  let running = true;
  const next = new Map<string, number>();
  const loop = (async () => {
    while (running) {
      const now = Date.now();
      for (const c of await projectContainers(project).catch(() => [])) {
        if (c.State !== 'running' || (next.get(c.Id) ?? 0) > now) continue;
        const info = JSON.parse(await podman(['inspect', '--format', 'json', c.Id]).catch(() => '[]')) as Array<{
          State: { StartedAt: string; Health?: { Status: string } };
          Config: { Healthcheck?: { Interval?: number; StartPeriod?: number } };
        }>;
        const hc = info[0]?.Config.Healthcheck;
        if (!info[0] || !hc) continue;
        const interval = (hc.Interval ?? 30e9) / 1e6;
        const inStartPeriod = Date.parse(info[0].State.StartedAt) + (hc.StartPeriod ?? 0) / 1e6 > now;
        next.set(c.Id, now + (inStartPeriod || info[0].State.Health?.Status === 'starting' ? Math.min(2_000, interval) : interval));
        await exec('podman', ['healthcheck', 'run', c.Id]);
      }
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Waits until every container of the project runs and is healthy (or has no health check). */
export async function waitHealthy(project: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let pending: string[] = [];
  while (Date.now() < deadline) {
    pending = [];
    for (const c of await projectContainers(project)) {
      const status = c.State === 'running' ? await health(c.Id) : c.State;
      if (status !== 'healthy' && status !== '') pending.push(`${c.Names[0]} (${status})`);
    }
    if (pending.length === 0) return;
    await sleep(500);
  }
  throw new Error(`not healthy after ${timeoutMs / 1000} s: ${pending.join(', ')}`);
}

/** Starts podman's Docker-compatible API on a socket of our own, for docker-compose. */
export async function startApiService(project: string): Promise<{ socket: string; pid: number }> {
  const socket = path.join(CONTAINERS_DIR, `${project}.sock`);
  rmSync(socket, { force: true });
  const service = startProcess(`podman-api-${project}`, 'podman', ['system', 'service', '--time=0', `unix://${socket}`], path.join(CONTAINERS_DIR, 'logs', `${project}-api.log`), {
    env: { ...process.env, ...podmanEnv() },
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (existsSync(socket) && (await exec('curl', ['-fsS', '--unix-socket', socket, 'http://d/_ping'])).code === 0) return { socket, pid: service.pid };
    if (!isAlive(service.pid)) break;
    await sleep(200);
  }
  throw new Error(`podman system service did not answer on ${socket}; see ${service.log}`);
}

export function saveComposeState(state: ComposeState): void {
  mkdirSync(CONTAINERS_DIR, { recursive: true });
  writeFileSync(composeStateFile(state.project), JSON.stringify(state, null, 2));
}

/**
 * Stops and removes everything a deployment started, whatever state it is in: the containers (with
 * their volumes and network, through docker-compose, then directly for anything left), the API
 * service, and netavark's side effects once no network of ours is left (ip_forward back to what it
 * was; its iptables chains are removed with the network). Returns what had to be removed by force.
 */
export async function composeDown(project: string, say: (line: string) => void): Promise<string[]> {
  const state = readComposeState(project);
  const forced: string[] = [];
  if (state && isAlive(state.servicePid) && existsSync(state.socket)) {
    const down = await compose(state, ['down', '--volumes', '--remove-orphans', '--timeout', '10']);
    if (down.code !== 0) say(`docker-compose down failed: ${down.stderr.trim().split('\n').slice(-3).join(' ')}`);
  }
  for (const c of await projectContainers(project).catch(() => [])) {
    forced.push(c.Names[0] ?? c.Id);
    await exec('podman', ['rm', '--force', '--volumes', '--time', '5', c.Id]);
  }
  const volumes = (await exec('podman', ['volume', 'ls', '--quiet', '--filter', `label=com.docker.compose.project=${project}`])).stdout.split('\n').filter(Boolean);
  for (const v of volumes) await exec('podman', ['volume', 'rm', '--force', v]);
  const networks = (await exec('podman', ['network', 'ls', '--quiet', '--filter', `label=com.docker.compose.project=${project}`])).stdout.split('\n').filter(Boolean);
  for (const n of networks) {
    forced.push(`network ${n}`);
    await exec('podman', ['network', 'rm', '--force', n]);
  }
  if (state) {
    if (isAlive(state.servicePid)) await stopProcess(state.servicePid);
    rmSync(state.socket, { force: true });
    await restoreNetworking(state.ipForward);
    rmSync(composeStateFile(project), { force: true });
    rmSync(state.envFile, { force: true });
  }
  return forced;
}

export const readIpForward = () => (existsSync('/proc/sys/net/ipv4/ip_forward') ? readFileSync('/proc/sys/net/ipv4/ip_forward', 'utf8').trim() : '');

/**
 * Undoes netavark's side effects once no container network is in use on the machine (no podman
 * bridge left): ip_forward back to what it was before, and its NETAVARK iptables chains (and the
 * rules jumping to them) removed.
 */
export async function restoreNetworking(ipForwardBefore: string): Promise<void> {
  if (readdirNetworks().length > 0) return;
  if (existsSync('/sys/class/net') && readdirSync('/sys/class/net').some((n) => n.startsWith('podman'))) return;
  if (ipForwardBefore === '0' && readIpForward() !== '0') writeFileSync('/proc/sys/net/ipv4/ip_forward', '0');
  for (const tool of ['iptables', 'ip6tables']) {
    for (const table of ['filter', 'nat']) {
      const rules = (await exec(tool, ['-t', table, '-S'])).stdout.split('\n');
      for (const rule of rules.filter((r) => r.startsWith('-A ') && / -j NETAVARK/.test(r) && !r.startsWith('-A NETAVARK'))) {
        await exec(tool, ['-t', table, '-D', ...ruleWords(rule.slice(3))]);
      }
      for (const chain of rules.filter((r) => r.startsWith('-N NETAVARK')).map((r) => r.slice(3))) {
        await exec(tool, ['-t', table, '-F', chain]);
        await exec(tool, ['-t', table, '-X', chain]);
      }
    }
  }
}

/** The words of an `iptables -S` rule; quoted comments stay one word. */
const ruleWords = (rule: string) => (rule.match(/"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^"(.*)"$/, '$1'));

/** Networks defined in our storage (netavark keeps one <name>.json per network in network_config_dir). */
function readdirNetworks(): string[] {
  const dir = path.join(CONTAINERS_DIR, 'networks');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
}
