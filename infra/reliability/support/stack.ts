import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DATA, fromRoot } from '../../lib/paths.ts';
import { freePort } from '../../lib/ports.ts';
import { adminUrl, clusterDir, startPostgres, stopPostgres } from '../../lib/postgres.ts';
import { isAlive, sleep, startProcess, waitFor } from '../../lib/process.ts';
import { startRedis, stopRedis } from '../../lib/redis.ts';
import type { StackSecrets } from '../../lib/secrets.ts';
import { internalTokenEnv, NODE_FLAGS, SERVICES, type ServiceSpec } from '../../lib/services.ts';
import { startStack, stopStack, type ProcessState, type StackState } from '../../lib/stack.ts';

/** Generous abuse limits: every test visitor comes from 127.0.0.1. Suites that test a limit set their own. */
export const TEST_LIMITS = {
  GUESTS_PER_ADDRESS_PER_HOUR: '100000',
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
  LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
  USER_MESSAGES_LIMIT: '',
  GUEST_DOCS_LIMIT: '',
  GUEST_MESSAGES_LIMIT: '',
  // These suites sign up hundreds of visitors: scrypt at 2^14 (the authentication suite runs the real 2^17).
  PASSWORD_SCRYPT_LOG_N: '14',
};

export interface TestStackOptions {
  replicas?: number;
  services?: Array<ServiceSpec['name']>;
  env?: Record<string, string>;
}

/**
 * A whole stack of real processes (PostgreSQL, Redis, services, nginx) owned by one suite, which may
 * kill, freeze and restart any of them. Lives under the test run's folder (or .data/test/).
 */
export class TestStack {
  readonly state: StackState;
  readonly secrets: StackSecrets;
  /** The environment the suite asked for, secrets included (for restarting a service). */
  private readonly env: Record<string, string>;

  private constructor(state: StackState, secrets: StackSecrets, env: Record<string, string>) {
    this.state = state;
    this.secrets = secrets;
    this.env = env;
  }

  static async start(name: string, options: TestStackOptions = {}): Promise<TestStack> {
    const base = process.env.TEST_RUN_DIR ?? path.join(DATA, 'test', `reliability-${process.pid}`);
    const dir = path.join(base, `${name}-${Date.now()}`);
    const env = { ...TEST_LIMITS, ...options.env };
    const state = await startStack({ dir, gatewayPort: await freePort(), replicas: options.replicas ?? 1, ephemeral: true, services: options.services, env });
    const secrets = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as StackSecrets;
    return new TestStack(state, secrets, env);
  }

  get url(): string {
    return this.state.url;
  }

  async stop(): Promise<void> {
    await stopStack(this.state);
  }

  process(name: string): ProcessState {
    const found = this.state.processes.find((p) => p.name === name);
    if (!found) throw new Error(`no process named ${name} in this stack (${this.state.processes.map((p) => p.name).join(', ')})`);
    return found;
  }

  /** The service processes of one service (`content` gives content or content-1, content-2). */
  replicas(service: string): ProcessState[] {
    return this.state.processes.filter((p) => p.kind === 'service' && (p.name === service || new RegExp(`^${service}-\\d+$`).test(p.name)));
  }

  /** Names of the stack's processes that are no longer running. */
  dead(): string[] {
    return this.state.processes.filter((p) => !isAlive(p.pid)).map((p) => p.name);
  }

  /** The log of a process, for a failure message. */
  log(name: string): string {
    return readFileSync(this.process(name).log, 'utf8');
  }

  databaseUrl(database: string): string {
    const port = this.process('postgres').port!;
    return adminUrl(port, this.secrets.POSTGRES_PASSWORD, database);
  }

  /** Runs one query against a service's own database, straight to PostgreSQL. */
  async query<R extends pg.QueryResultRow>(database: string, text: string, values: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.databaseUrl(database) });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  async readyz(port: number): Promise<number> {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5_000) });
    return res.status;
  }

  /** Waits until every service process answers /readyz with 200. */
  async allReady(timeoutMs = 30_000): Promise<void> {
    for (const p of this.state.processes.filter((x) => x.kind === 'service')) {
      await waitFor(`${p.name} ready`, async () => (await this.readyz(p.port!)) === 200, timeoutMs);
    }
  }

  async stopRedis(): Promise<void> {
    await stopRedis(this.process('redis').pid);
  }

  /** Starts Redis again on the same port and folder: its append-only file brings the data back. */
  async startRedis(): Promise<void> {
    const redis = this.process('redis');
    const started = await startRedis({ dir: path.join(this.state.dir, 'redis'), port: redis.port!, log: redis.log });
    redis.pid = started.pid;
  }

  async stopPostgres(): Promise<void> {
    await stopPostgres(this.process('postgres').pid);
  }

  async startPostgres(): Promise<void> {
    const postgres = this.process('postgres');
    const started = await startPostgres({
      dir: clusterDir(path.join(this.state.dir, 'postgres')),
      port: postgres.port!,
      password: this.secrets.POSTGRES_PASSWORD,
      log: postgres.log,
      ephemeral: true,
    });
    postgres.pid = started.pid;
  }

  /** Starts a service process again on its old port with its old environment (after a test killed it). */
  async restartService(name: string): Promise<void> {
    const managed = this.process(name);
    const spec = SERVICES.find((s) => s.name === name.replace(/-\d+$/, ''));
    if (!spec || managed.kind !== 'service' || isAlive(managed.pid)) throw new Error(`${name} is not a stopped service`);
    const env = {
      ...process.env,
      ...this.state.serviceEnv,
      ...this.env,
      SESSION_SECRET: this.secrets.SESSION_SECRET,
      ...internalTokenEnv(spec.name, { ...this.secrets }),
      ENCRYPTION_KEY: this.secrets.ENCRYPTION_KEY,
      PORT: String(managed.port),
      DATABASE_URL: this.databaseUrl(spec.database),
    };
    const started = startProcess(name, process.execPath, [...NODE_FLAGS, fromRoot(spec.entry)], managed.log, { env, cwd: fromRoot() });
    managed.pid = started.pid;
    await waitFor(name, async () => (await this.readyz(managed.port!)) === 200, 60_000, started);
  }

  signal(name: string, signal: NodeJS.Signals): void {
    process.kill(this.process(name).pid, signal);
  }

  async waitUntilDead(name: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (isAlive(this.process(name).pid)) {
      if (Date.now() > deadline) throw new Error(`${name} still runs`);
      await sleep(50);
    }
  }
}

/** Resident memory of a process in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}
