import { readFileSync, rmSync } from 'node:fs';
import { stopPostgres } from '../lib/postgres.ts';
import { stopRedis } from '../lib/redis.ts';

export default async function globalTeardown(): Promise<void> {
  const file = process.env.JEST_SERVERS_FILE;
  if (!file) return;
  const { postgres, redis, dir } = JSON.parse(readFileSync(file, 'utf8')) as { postgres: number; redis: number; dir: string };
  await Promise.all([stopPostgres(postgres), stopRedis(redis)]);
  // A run started by `npm test` keeps its folder for logs until the summary; a bare jest run cleans up.
  if (!process.env.TEST_RUN_DIR) rmSync(dir, { recursive: true, force: true });
}
