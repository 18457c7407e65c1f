import { createHash } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A client that reconnects forever after a Redis restart and fails commands fast
 * (instead of queueing them indefinitely) while Redis is away.
 */
export function createRedis(url: string, logger: Logger, name: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 2,
    retryStrategy: (times) => Math.min(100 * times, 2_000),
    reconnectOnError: (err) => err.message.includes('READONLY'),
    ...options,
  });
  let down = false;
  client.on('error', (err) => {
    if (!down) logger.warn({ err: err.message, client: name }, 'Redis connection error');
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info({ client: name }, 'Redis connection restored');
    down = false;
  });
  return client;
}

/**
 * A pub/sub channel of one deployment: every service of a deployment shares its session secret, so
 * its hash tells deployments (and test runs) sharing one Redis apart without revealing the secret.
 */
export function deploymentChannel(name: string, config: { SESSION_SECRET: string }): string {
  return `${name}:${createHash('sha256').update(config.SESSION_SECRET).digest('hex').slice(0, 16)}`;
}
