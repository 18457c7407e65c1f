import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { DATA } from '../lib/paths.ts';
import { freePort } from '../lib/ports.ts';
import { adminUrl, clusterDir, startPostgres } from '../lib/postgres.ts';
import { startRedis } from '../lib/redis.ts';

/**
 * Starts a throw-away PostgreSQL and Redis on free ports for the jest suites, unless the caller
 * already points TEST_PG_URL and TEST_REDIS_URL at servers. Never touches a developer's running stack.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_PG_URL && process.env.TEST_REDIS_URL) return;
  const dir = process.env.TEST_RUN_DIR ?? path.join(DATA, 'test', `jest-${Date.now()}-${process.pid}`);
  const password = randomBytes(16).toString('hex');
  const [pgPort, redisPort] = [await freePort(), await freePort()];
  const [pg, redis] = await Promise.all([
    startPostgres({ dir: clusterDir(path.join(dir, 'postgres')), port: pgPort, password, log: path.join(dir, 'logs/postgres.log'), ephemeral: true }),
    startRedis({ dir: path.join(dir, 'redis'), port: redisPort, log: path.join(dir, 'logs/redis.log') }),
  ]);
  process.env.TEST_PG_URL = adminUrl(pgPort, password);
  process.env.TEST_REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  writeFileSync(path.join(dir, 'jest-servers.json'), JSON.stringify({ postgres: pg.pid, redis: redis.pid, dir }));
  process.env.JEST_SERVERS_FILE = path.join(dir, 'jest-servers.json');
}
