import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testRedisUrl } from '@prd/kit/testing';
import { Queue, QueueEvents } from 'bullmq';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { AiWorkerService } from '../src/worker/ai-worker.service.js';
import { AI_QUEUE } from '../src/worker/ai-queue.js';
import type { AiJobProcessor } from '../src/worker/ai-job.processor.js';
import type { WorkerConfig } from '../src/worker/worker.config.js';

const SECRET = 'sk-live-the-users-own-key-0123456789';

/** A job that fails on a database error: neither the worker's log nor the failed job kept in Redis may hold the query's parameters. */
describe('the AI worker and database errors', () => {
  const prefix = `worker-logs-${process.pid}`;
  const connection = { url: testRedisUrl() };
  // The job names no outcome channel, so nothing is published on it.
  const redis = new Redis(connection.url, { lazyConnect: true });
  const lines: string[] = [];
  let worker!: AiWorkerService;
  let queue: Queue;
  let events: QueueEvents;
  const logged = new Promise<void>((resolve) => {
    const logger = pino({}, { write: (line: string) => void (lines.push(line), line.includes('AI job failed') && resolve()) });
    const processor = {
      process: () =>
        Promise.reject(
          new DrizzleQueryError(
            'update "user_keys" set "key" = $1 where "user_id" = $2',
            [SECRET, 3],
            Object.assign(new Error('deadlock detected'), { severity: 'ERROR', code: '40P01' }),
          ),
        ),
    } as unknown as AiJobProcessor;
    worker = new AiWorkerService(
      { REDIS_URL: connection.url, AI_QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: 1, AI_LOCK_DURATION_MS: 30_000, AI_STALLED_INTERVAL_MS: 30_000 } as WorkerConfig,
      logger,
      redis,
      processor,
    );
  });
  beforeAll(async () => {
    queue = new Queue(AI_QUEUE, { connection, prefix });
    events = new QueueEvents(AI_QUEUE, { connection, prefix });
    await events.waitUntilReady();
    worker.onModuleInit();
  });
  afterAll(async () => {
    await worker.onApplicationShutdown();
    await queue.obliterate({ force: true });
    await Promise.all([queue.close(), events.close()]);
    redis.disconnect();
  });

  it('logs and keeps only the summary of the error', async () => {
    const job = await queue.add('chat', {}, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 20_000)).rejects.toThrow('Database error 40P01 in update on user_keys');
    await logged;
    expect((await queue.getJob(job.id!))?.failedReason).toBe('Database error 40P01 in update on user_keys');
    expect(lines.join('\n')).toContain('Database error 40P01 in update on user_keys');
    expect(lines.join('\n')).not.toContain(SECRET);
  });
});
