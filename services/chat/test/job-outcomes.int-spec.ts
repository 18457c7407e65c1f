import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { testRedisUrl } from '@prd/kit/testing';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { publishOutcomes, type OutcomeTarget } from '../src/jobs/job-outcome.js';
import { JobFailedError, JobOutcomes, JobWaitTimeoutError } from '../src/jobs/job-outcomes.service.js';

interface Data extends OutcomeTarget {
  /** The failure of each attempt in turn; an attempt past the list completes. */
  failures: string[];
}

const QUEUE = 'outcomes-test';

/** Two chat replicas' outcome channels and one worker, on a real Redis and BullMQ (docs/decisions/0007-ai-jobs-on-bullmq.md). */
describe('job outcomes on per-replica channels', () => {
  const url = testRedisUrl();
  const prefix = `job-outcomes-${process.pid}`;
  const redis = new Redis(url);
  const logger = pino({ level: 'silent' });
  const [replicaA, replicaB] = [new JobOutcomes(redis, logger), new JobOutcomes(redis, logger)];
  const queue = new Queue<Data>(QUEUE, { connection: { url }, prefix });
  const monitor = new Redis(url);
  /** Every outcome published on any replica's channel, with its channel. */
  const seen: { channel: string; outcome: unknown }[] = [];
  let worker: Worker<Data>;

  beforeAll(async () => {
    await Promise.all([replicaA.onModuleInit(), replicaB.onModuleInit()]);
    monitor.on('pmessage', (_pattern, channel, raw: string) => seen.push({ channel, outcome: JSON.parse(raw) }));
    await monitor.psubscribe('chat:outcomes:*');
    worker = new Worker<Data>(
      QUEUE,
      async (job: Job<Data>) => {
        const failure = job.data.failures[job.attemptsMade];
        if (failure) throw new Error(failure);
        return { answer: `done after ${job.attemptsMade + 1} attempt(s)` };
      },
      { connection: { url, maxRetriesPerRequest: null }, prefix },
    );
    publishOutcomes(worker, redis, () => undefined);
  });
  afterEach(() => void seen.splice(0));
  afterAll(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    replicaA.onApplicationShutdown();
    replicaB.onApplicationShutdown();
    monitor.disconnect();
    redis.disconnect();
  });

  /** Adds a job that replica A waits for, its outcome published on `replyTo` (A's channel unless said otherwise). */
  async function ask(jobId: string, failures: string[], attempts: number, replyTo = replicaA.channel) {
    const outcome = replicaA.expect<{ answer: string }>(queue, jobId);
    await queue.add('task', { failures, replyTo }, { jobId, attempts });
    return outcome;
  }

  /** Resolves once the worker has finished the job for good, whatever the waiter heard. */
  const finished = (jobId: string) =>
    new Promise<void>((resolve) => {
      const done = (job: Job<Data> | undefined) => job?.id === jobId && job.finishedOn && resolve();
      worker.on('completed', done);
      worker.on('failed', done);
    });

  it("sends a job's result to the asking replica's channel only", async () => {
    const outcome = await ask('only-a', [], 1);
    await expect(outcome.wait(20_000)).resolves.toEqual({ answer: 'done after 1 attempt(s)' });
    expect(seen).toEqual([{ channel: replicaA.channel, outcome: { jobId: 'only-a', completed: { answer: 'done after 1 attempt(s)' } } }]);
    expect(seen.some(({ channel }) => channel === replicaB.channel)).toBe(false);
  });

  it('ends the wait with the failure of the last attempt, not of an earlier one', async () => {
    const outcome = await ask('last-attempt', ['first attempt failed', 'second attempt failed'], 2);
    const failure = await outcome.wait(20_000).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(JobFailedError);
    expect((failure as Error).message).toBe('second attempt failed');
    expect(seen.map(({ outcome }) => outcome)).toEqual([{ jobId: 'last-attempt', failed: 'second attempt failed' }]);
  });

  it('does not end the wait on a failed attempt that BullMQ retries', async () => {
    const outcome = await ask('retried', ['first attempt failed'], 2);
    await expect(outcome.wait(20_000)).resolves.toEqual({ answer: 'done after 2 attempt(s)' });
  });

  it('finds a completion whose message it missed in the job state at the deadline', async () => {
    // Published where nobody listens: as if replica A's subscriber had been away.
    const ended = finished('missed-deadline');
    const outcome = await ask('missed-deadline', [], 1, 'chat:outcomes:nobody');
    await ended;
    await expect(outcome.wait(0)).resolves.toEqual({ answer: 'done after 1 attempt(s)' });
  });

  it('finds a failure whose message it missed in the job state once its subscriber is back', async () => {
    const ended = finished('missed-reconnect');
    const outcome = await ask('missed-reconnect', ['it failed'], 1, 'chat:outcomes:nobody');
    const waited = outcome.wait(60_000).catch((err: unknown) => err);
    await ended;
    (replicaA as unknown as { subscriber: Redis }).subscriber.disconnect(true);
    const failure = await waited;
    expect(failure).toBeInstanceOf(JobFailedError);
    expect((failure as Error).message).toBe('it failed');
  });

  it('times out a job that has not ended at the deadline', async () => {
    const outcome = replicaA.expect(queue, 'never-added');
    await expect(outcome.wait(10)).rejects.toBeInstanceOf(JobWaitTimeoutError);
  });
});
