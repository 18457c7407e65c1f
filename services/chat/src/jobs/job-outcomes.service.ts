import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Job, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER, REDIS } from '@prd/kit';
import type { JobOutcome } from './job-outcome.js';

/** The job did not finish within the wait (its outcome was neither published nor in its state at the deadline). */
export class JobWaitTimeoutError extends Error {
  constructor() {
    super('The job timed out');
    this.name = 'JobWaitTimeoutError';
  }
}

/** A job that failed for good: the message is its failed reason. */
export class JobFailedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'JobFailedError';
  }
}

/** How a wait ends: the job's outcome, or the deadline. */
type Ending = { completed: unknown } | { failed: string } | { timedOut: true };

interface Waiting {
  queue: Queue;
  settle: (ending: Ending) => void;
}

/** An outcome being awaited: registered before the job is added, so that no publication can come before it. */
export interface ExpectedOutcome<R> {
  /** The job's result, or JobFailedError / JobWaitTimeoutError. */
  wait(ms: number): Promise<R>;
  /** The job was not added after all. */
  cancel(): void;
}

/**
 * This replica's end of job outcomes (docs/decisions/0007-ai-jobs-on-bullmq.md): one Redis channel per replica, named in
 * each job's data, on which the worker publishes the job's final outcome. Unlike BullMQ's QueueEvents, which makes
 * every replica read every job's events, a replica decodes only the outcomes of its own jobs. A publication can be
 * missed (the subscriber was reconnecting, the worker's publish failed): then the job's state in BullMQ answers, read
 * after each resubscription and at the deadline, never on a timer of its own.
 */
@Injectable()
export class JobOutcomes implements OnModuleInit, OnApplicationShutdown {
  readonly channel = `chat:outcomes:${randomUUID()}`;
  private readonly waiting = new Map<string, Waiting>();
  private subscriber?: Redis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit() {
    // Resubscribed by hand, so that the jobs that ended while it was away are looked up once it listens again.
    this.subscriber = this.redis.duplicate({ connectionName: 'chat-outcomes', autoResubscribe: false });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel, raw: string) => this.deliver(raw));
    let subscribed = false;
    this.subscriber.on('ready', () => {
      if (!subscribed) return;
      this.subscriber!.subscribe(this.channel).then(
        () => this.lookUpAll(),
        () => undefined,
      );
    });
    await this.subscriber.subscribe(this.channel);
    subscribed = true;
  }

  onApplicationShutdown() {
    this.subscriber?.disconnect();
  }

  /** Call before adding the job. */
  expect<R>(queue: Queue, jobId: string): ExpectedOutcome<R> {
    let settle!: Waiting['settle'];
    const ending = new Promise<Ending>((resolve) => (settle = resolve));
    this.waiting.set(jobId, { queue, settle });
    return {
      wait: async (ms) => {
        const deadline = setTimeout(() => void this.lookUp(jobId, true), ms);
        try {
          const ended = await ending;
          if ('completed' in ended) return ended.completed as R;
          throw 'failed' in ended ? new JobFailedError(ended.failed) : new JobWaitTimeoutError();
        } finally {
          clearTimeout(deadline);
          this.waiting.delete(jobId);
        }
      },
      cancel: () => this.waiting.delete(jobId),
    };
  }

  private deliver(raw: string) {
    let outcome: JobOutcome;
    try {
      outcome = JSON.parse(raw) as JobOutcome;
    } catch {
      this.logger.warn('ignored a malformed job outcome');
      return;
    }
    this.waiting.get(outcome.jobId)?.settle(outcome);
  }

  private lookUpAll() {
    for (const jobId of this.waiting.keys()) void this.lookUp(jobId, false);
  }

  /** Settles a wait from the job's state if it has ended; at the deadline, one that has not ended times out. */
  private async lookUp(jobId: string, atDeadline: boolean): Promise<void> {
    const waiting = this.waiting.get(jobId);
    if (!waiting) return;
    try {
      // The state first, then the job: read the other way round, a job that completed between the two reads was settled
      // with the result it did not have yet (null), which the chat's reply then failed on with a 500.
      const state = await waiting.queue.getJobState(jobId);
      const job = state === 'completed' || state === 'failed' ? await Job.fromId(waiting.queue, jobId) : undefined;
      if (job && state === 'completed') return waiting.settle({ completed: job.returnvalue });
      if (job && state === 'failed') return waiting.settle({ failed: job.failedReason });
    } catch (err) {
      this.logger.warn({ err, jobId }, 'could not read a job state');
    }
    if (atDeadline) waiting.settle({ timedOut: true });
  }
}
