import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA, fromRoot } from '../lib/paths.ts';

/** What the container phase keeps per checkout: its containers.conf, networks, run state, logs (git-ignored). */
export const CONTAINERS_DIR = path.join(DATA, 'containers');
/**
 * Image storage outlives a checkout, as npm's cache does: a fresh clone on the same machine (CI's) reuses
 * the stand-ins and the layers whose inputs did not change instead of building everything again.
 */
export const STORAGE_DIR = process.env.PRD_CONTAINER_STORAGE ?? path.join(os.homedir(), '.cache', 'prd-studio', 'containers');

/**
 * The Debian packages the container phase needs, each with a file that proves it is installed.
 * Debian's podman 4.3 with runc (crun refuses the hybrid cgroup layout of our machines), netavark and
 * aardvark-dns for compose networks with name resolution, iproute2 to pin their bridges' addresses (bridge.ts), docker-compose over podman's API socket, and
 * mmdebstrap for the Debian base of the stand-in images.
 */
const PACKAGES: Array<[pkg: string, proof: string]> = [
  ['podman', '/usr/bin/podman'],
  ['runc', '/usr/sbin/runc'],
  ['netavark', '/usr/lib/podman/netavark'],
  ['aardvark-dns', '/usr/lib/podman/aardvark-dns'],
  ['slirp4netns', '/usr/bin/slirp4netns'],
  ['fuse-overlayfs', '/usr/bin/fuse-overlayfs'],
  ['catatonit', '/usr/libexec/podman/catatonit'],
  ['uidmap', '/usr/bin/newuidmap'],
  ['iptables', '/usr/sbin/iptables'],
  ['iproute2', '/bin/ip'],
  ['docker-compose', '/usr/bin/docker-compose'],
  ['mmdebstrap', '/usr/bin/mmdebstrap'],
];

/** Installs the missing packages when run as root with apt-get; otherwise fails naming them. */
export function ensureContainerTools(say: (line: string) => void): void {
  const missing = PACKAGES.filter(([, proof]) => !existsSync(proof)).map(([pkg]) => pkg);
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!asRoot) {
    throw new Error(
      `The container tests need these Debian packages: ${missing.join(' ')}\n` +
        `Install them with: sudo apt-get install --no-install-recommends ${missing.join(' ')}\n` +
        'or skip the container phase: npm test -- --no-containers',
    );
  }
  say(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (update.status !== 0 || install.status !== 0)
    throw new Error(`could not install ${missing.join(' ')} with apt-get (see above); or skip the container phase: npm test -- --no-containers`);
}

/**
 * Our own containers.conf and storage.conf under .data/containers (the image storage in STORAGE_DIR),
 * so nothing touches the machine's podman set-up: lowered default ulimits (the default RLIMIT_NOFILE is refused here), runc, cgroupfs
 * and file events (no systemd), and image storage, networks and run state of our own.
 */
let written: Record<string, string> | undefined;

/** Writes a file only when its content changes, atomically: concurrent podman processes read these. */
function writeConf(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  writeFileSync(`${file}.${process.pid}`, content);
  renameSync(`${file}.${process.pid}`, file);
}

export function podmanEnv(): Record<string, string> {
  if (written) return written;
  const conf = path.join(CONTAINERS_DIR, 'containers.conf');
  const storage = path.join(CONTAINERS_DIR, 'storage.conf');
  for (const dir of ['networks', 'tmp']) mkdirSync(path.join(CONTAINERS_DIR, dir), { recursive: true });
  for (const dir of ['storage', 'run']) mkdirSync(path.join(STORAGE_DIR, dir), { recursive: true });
  writeConf(
    conf,
    [
      '# Written by infra/containers/podman.ts for the container phase of npm test.',
      '[containers]',
      'default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]',
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      `events_logfile_path = "${path.join(CONTAINERS_DIR, 'events.log')}"`,
      `tmp_dir = "${path.join(CONTAINERS_DIR, 'tmp')}"`,
      '[network]',
      `network_config_dir = "${path.join(CONTAINERS_DIR, 'networks')}"`,
      '',
    ].join('\n'),
  );
  writeConf(storage, ['[storage]', 'driver = "overlay"', `graphroot = "${path.join(STORAGE_DIR, 'storage')}"`, `runroot = "${path.join(STORAGE_DIR, 'run')}"`, ''].join('\n'));
  written = { CONTAINERS_CONF: conf, CONTAINERS_STORAGE_CONF: storage };
  return written;
}

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command with podman's environment; output is captured, and also echoed when `echo` is set. */
export function exec(command: string, args: string[], options: { echo?: (line: string) => void; env?: Record<string, string>; cwd?: string } = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd ?? fromRoot(), env: { ...process.env, ...podmanEnv(), ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const echo = (chunk: Buffer) => {
      if (!options.echo) return;
      for (const line of chunk.toString().split('\n')) if (line.trim()) options.echo(line);
    };
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      echo(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      echo(c);
    });
    child.on('error', (err) => resolve({ code: 127, stdout, stderr: stderr + err.message }));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr }));
  });
}

/** `podman <args>`, failing with its error output. */
export async function podman(args: string[], options: { echo?: (line: string) => void; cwd?: string } = {}): Promise<string> {
  const r = await exec('podman', args, options);
  if (r.code !== 0) throw new Error(`podman ${args.slice(0, 3).join(' ')} failed (exit ${r.code}):\n${(r.stderr || r.stdout).trim().split('\n').slice(-30).join('\n')}`);
  return r.stdout;
}

export async function imageExists(name: string): Promise<boolean> {
  return (await exec('podman', ['image', 'exists', name])).code === 0;
}

/** Proves containers can run here at all, with a message that says what failed. */
export async function checkPodmanRuns(): Promise<void> {
  const r = await exec('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}']);
  if (r.code !== 0) throw new Error(`podman cannot run here:\n${r.stderr.trim()}\nSkip the container phase with: npm test -- --no-containers`);
}
