import { spawn, type SpawnOptions } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';

export interface Managed {
  name: string;
  pid: number;
  log: string;
}

/** Starts a long-running process in its own process group, its output appended to a log file. */
export function startProcess(name: string, command: string, args: string[], logFile: string, options: SpawnOptions = {}): Managed {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  child.unref();
  return { name, pid: child.pid, log: logFile };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `ready` resolves true, failing with the process's name after `timeoutMs`. */
export async function waitFor(what: string, ready: () => Promise<boolean>, timeoutMs = 60_000, managed?: Managed): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return;
    if (managed && !isAlive(managed.pid)) throw new Error(`${what} exited during start-up; see ${managed.log}`);
    await sleep(150);
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s${managed ? `; see ${managed.log}` : ''}`);
}

/** SIGTERM the process group, then SIGKILL whatever is left after the grace period. */
export async function stopProcess(pid: number, graceMs = 10_000): Promise<void> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        // already gone
      }
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) signal('SIGKILL');
}
