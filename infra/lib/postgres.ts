import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isAlive, sleep, startProcess, waitFor, type Managed } from './process.ts';

export const PG_USER = 'prd';

/** Debian installs the server binaries under /usr/lib/postgresql/<major>/bin, off the PATH. */
export function postgresBin(name: string): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const majors = readdirSync(base)
      .filter((d) => /^\d+$/.test(d))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const candidate = path.join(base, major, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

/** PostgreSQL refuses to run as root: when we are root, its processes run as the `postgres` system user. */
function serverIdentity(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error("running as root, but there is no 'postgres' system user (install Debian's postgresql package)");
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Whether the server user can reach `dir` (every ancestor must be searchable, e.g. not under a 0700 /root). */
function reachable(dir: string, who: { uid: number; gid: number }): boolean {
  const r = spawnSync('test', ['-x', dir, '-a', '-w', dir], { uid: who.uid, gid: who.gid });
  return r.status === 0;
}

/**
 * The cluster's directory: `preferred` (under the checkout's .data/) when the server user can use it,
 * else a per-checkout folder under /var/tmp.
 */
export function clusterDir(preferred: string): string {
  const who = serverIdentity();
  mkdirSync(preferred, { recursive: true });
  if (!who) return preferred;
  chownSync(preferred, who.uid, who.gid);
  if (reachable(preferred, who)) return preferred;
  const fallback = path.join('/var/tmp/prd-studio', createHash('sha256').update(preferred).digest('hex').slice(0, 16));
  mkdirSync(fallback, { recursive: true });
  chmodSync('/var/tmp/prd-studio', 0o755);
  chownSync(fallback, who.uid, who.gid);
  return fallback;
}

export interface PostgresOptions {
  dir: string;
  port: number;
  password: string;
  log: string;
  /** Trade durability for speed: only for throw-away test clusters. */
  ephemeral?: boolean;
}

export function initCluster({ dir, password }: Pick<PostgresOptions, 'dir' | 'password'>): void {
  const data = path.join(dir, 'data');
  if (existsSync(path.join(data, 'PG_VERSION'))) return;
  const who = serverIdentity();
  const pwfile = path.join(os.tmpdir(), `prd-pw-${process.pid}-${Date.now()}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (who) chownSync(pwfile, who.uid, who.gid);
  try {
    const r = spawnSync(postgresBin('initdb'), ['-D', data, '-U', PG_USER, '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions'], {
      encoding: 'utf8',
      ...(who ?? {}),
    });
    if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.stdout || r.error?.message}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

export async function startPostgres(options: PostgresOptions): Promise<Managed> {
  initCluster(options);
  const who = serverIdentity();
  const data = path.join(options.dir, 'data');
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=300',
    'shared_buffers=128MB',
    ...(options.ephemeral ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const args = ['-D', data, '-p', String(options.port), ...settings.flatMap((s) => ['-c', s])];
  const managed = startProcess('postgres', postgresBin('postgres'), args, options.log, who ?? {});
  const url = adminUrl(options.port, options.password);
  await waitFor(
    'PostgreSQL',
    async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
      try {
        await client.connect();
        return true;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    60_000,
    managed,
  );
  return managed;
}

/** Fast shutdown (SIGINT): SIGTERM would wait for every client to disconnect. */
export async function stopPostgres(pid: number, timeoutMs = 20_000): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export function adminUrl(port: number, password: string, database = 'postgres'): string {
  return `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export async function ensureDatabases(url: string, names: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
    }
  } finally {
    await client.end();
  }
}
