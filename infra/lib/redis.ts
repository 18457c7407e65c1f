import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import { startProcess, stopProcess, waitFor, type Managed } from './process.ts';

export interface RedisServerOptions {
  dir: string;
  port: number;
  log: string;
}

/** A redis-server on loopback with the append-only file on, so sessions and queued jobs survive a restart. */
export async function startRedis({ dir, port, log }: RedisServerOptions): Promise<Managed> {
  mkdirSync(dir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no', '--protected-mode', 'yes'];
  const managed = startProcess('redis', 'redis-server', args, log);
  await waitFor('Redis', () => redisPing(port), 30_000, managed);
  return managed;
}

export async function redisPing(port: number): Promise<boolean> {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } finally {
    // After a refused connection the client has ended on its own; disconnecting it again would leave ioredis's
    // 2 s timer for a stream that already closed, and hold the process (a jest worker) open that long.
    if (client.status !== 'end') client.disconnect();
  }
}

export const stopRedis = (pid: number) => stopProcess(pid, 10_000);
