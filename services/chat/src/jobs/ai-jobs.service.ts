import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError, CONFIG, REDIS, unavailable } from '@prd/kit';
import { IdentityClient } from '@prd/proto';
import { replyDeadlineMs, type Config } from '../config.js';
import { AI_TIMEOUT } from '../ai/ai-errors.js';
import { AI_QUEUE } from '../worker/ai-queue.js';
import { ReplyCap } from './reply-cap.js';
import { JobOutcomes, JobWaitTimeoutError } from './job-outcomes.service.js';
import type { StreamTarget } from '../streaming/reply-streams.service.js';
import { cancelChannel, cancelledKey, decodeFailure, refundKey, REFUND_MARKER_SECONDS, UNKNOWN_FAILURE, type AiJobData, type AiJobResult, type AiJobTask } from './ai-job.js';

export interface RunJobOptions {
  /** Take one message of the user's allowance first (LIMIT_EXCEEDED passes through); the worker refunds it on failure. */
  consume: boolean;
  /** Redis channel for partials (realtime, SSE), with the job id chosen by the caller. */
  stream?: StreamTarget;
  /** Aborted when the client closed the request: the job is stopped wherever it runs (docs/decisions/0014-streaming-replies.md). */
  signal?: AbortSignal;
}

/** The client closed the request before its reply was finished; there is nobody left to answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the request');
    this.name = 'ClientGoneError';
  }
}

/** docs/decisions/0007-ai-jobs-on-bullmq.md: the chat service's side of the AI queue — enqueue one job per reply and wait for its result on this replica's outcome channel. */
@Injectable()
export class AiJobsService implements OnApplicationShutdown {
  private readonly queue: Queue<AiJobData, AiJobResult>;
  private readonly waitMs: number;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly identity: IdentityClient,
    private readonly cap: ReplyCap,
    private readonly outcomes: JobOutcomes,
  ) {
    const connection = { url: config.REDIS_URL, maxRetriesPerRequest: null };
    const prefix = config.AI_QUEUE_PREFIX;
    this.queue = new Queue<AiJobData, AiJobResult>(AI_QUEUE, { connection, prefix });
    this.queue.on('error', () => undefined);
    this.waitMs = replyDeadlineMs(config);
  }

  /**
   * `task` may still be on its way from an access check (content's helper, a thread's owner): the check and the
   * allowance are awaited together, one wait instead of two, and a refused check gives back what was consumed for it.
   * The check's refusal (404, 403) is the answer even when the allowance was refused too.
   */
  async run(userId: number, task: AiJobTask | Promise<AiJobTask>, options: RunJobOptions): Promise<AiJobResult> {
    const admission = this.cap.reply(userId).then(() => (options.consume ? this.identity.consume(userId, 'messages') : undefined));
    const [checked, admitted] = await Promise.allSettled([task, admission]);
    if (checked.status === 'rejected') {
      if (options.consume && admitted.status === 'fulfilled') await this.identity.refund(userId, 'messages').catch(() => undefined);
      throw checked.reason;
    }
    if (admitted.status === 'rejected') throw admitted.reason;
    return this.enqueue(userId, checked.value, options);
  }

  private async enqueue(userId: number, task: AiJobTask, options: RunJobOptions): Promise<AiJobResult> {
    if (options.signal?.aborted) {
      if (options.consume) await this.identity.refund(userId, 'messages').catch(() => undefined);
      throw new ClientGoneError();
    }
    const data: AiJobData = {
      userId,
      task,
      deadline: Date.now() + this.waitMs,
      consumed: options.consume ? 'messages' : null,
      stream: options.stream?.channel ?? null,
      replyTo: this.outcomes.channel,
    };
    const jobId = options.stream?.jobId ?? randomUUID();
    const outcome = this.outcomes.expect<AiJobResult>(this.queue, jobId);
    try {
      await this.queue.add(task.kind, data, {
        jobId,
        attempts: this.config.AI_JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.AI_RETRY_BACKOFF_MS },
        removeOnComplete: { age: 3600, count: 5_000 },
        removeOnFail: { age: 24 * 3600, count: 5_000 },
      });
    } catch {
      outcome.cancel();
      if (options.consume) await this.identity.refund(userId, 'messages').catch(() => undefined);
      throw unavailable();
    }
    const stop = () => void this.stop(jobId);
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      const result = await outcome.wait(this.waitMs);
      if (options.signal?.aborted) throw new ClientGoneError();
      return result;
    } catch (err) {
      if (options.signal?.aborted) throw new ClientGoneError();
      const reason = err instanceof Error ? err.message : String(err);
      const failure = decodeFailure(reason);
      // The worker's own failures give the allowance back themselves (on the last attempt).
      if (failure) throw new AppError(failure.status, failure.body);
      if (err instanceof JobWaitTimeoutError) throw new AppError(504, AI_TIMEOUT);
      // Ended some other way (failed by BullMQ after too many stalls, lost): the client gets no reply, so nothing is spent.
      if (options.consume) await this.refundOnce(jobId, userId);
      throw new AppError(UNKNOWN_FAILURE.status, UNKNOWN_FAILURE.body);
    } finally {
      options.signal?.removeEventListener('abort', stop);
    }
  }

  private async refundOnce(jobId: string, userId: number): Promise<void> {
    try {
      if ((await this.redis.set(refundKey(jobId), '1', 'EX', REFUND_MARKER_SECONDS, 'NX')) === 'OK') await this.identity.refund(userId, 'messages');
    } catch {
      // The answer is an error either way; a refund that could not be given is not the client's problem to see.
    }
  }

  /**
   * Stops a job wherever it is (docs/decisions/0014-streaming-replies.md): a worker running it aborts its provider request and keeps the text so far;
   * a worker that takes it later finds the mark and does not start it.
   */
  private async stop(jobId: string): Promise<void> {
    const prefix = this.config.AI_QUEUE_PREFIX;
    await this.redis
      .multi()
      .set(cancelledKey(prefix, jobId), '1', 'EX', 3600)
      .publish(cancelChannel(prefix), jobId)
      .exec()
      .catch(() => undefined);
  }

  async onApplicationShutdown() {
    await this.queue.close().catch(() => undefined);
  }
}
