import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { CONFIG, LOGGER, REDIS, summariseDatabaseError } from '@prd/kit';
import { safeErrorText } from '../ai/ai-errors.js';
import { AI_QUEUE, aiJobNames } from './ai-queue.js';
import type { WorkerConfig } from './worker.config.js';
import { AiJobProcessor } from './ai-job.processor.js';
import type { AiJobData, AiJobResult } from '../jobs/ai-job.js';
import { publishOutcomes } from '../jobs/job-outcome.js';

/** Consumes the AI queue with bounded concurrency; shutdown lets the running jobs finish (docs/decisions/0007-ai-jobs-on-bullmq.md, docs/decisions/0008-observability-and-operations.md). */
@Injectable()
export class AiWorkerService implements OnModuleInit, OnApplicationShutdown {
  private worker?: Worker<AiJobData, AiJobResult>;

  constructor(
    @Inject(CONFIG) private readonly config: WorkerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly processor: AiJobProcessor,
  ) {}

  onModuleInit() {
    this.worker = new Worker<AiJobData, AiJobResult>(AI_QUEUE, (job) => this.process(job), {
      connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: this.config.AI_QUEUE_PREFIX,
      concurrency: this.config.WORKER_CONCURRENCY,
      lockDuration: this.config.AI_LOCK_DURATION_MS,
      stalledInterval: this.config.AI_STALLED_INTERVAL_MS,
      maxStalledCount: 2,
    });
    this.worker.on('error', (err) => this.logger.warn({ err: safeErrorText(err) }, 'AI worker connection error'));
    this.worker.on('failed', (job, err) => this.logger.warn({ jobId: job?.id, name: job?.name, err: safeErrorText(err) }, 'AI job failed'));
    publishOutcomes(this.worker, this.redis, (err, jobId) => this.logger.warn({ jobId, err: safeErrorText(err) }, 'could not publish an AI job outcome'));
  }

  private async process(job: Job<AiJobData, AiJobResult>): Promise<AiJobResult> {
    if (!aiJobNames.has(job.name)) throw new UnrecoverableError(`no handler for AI job '${job.name}'`);
    try {
      return await this.processor.process(job);
    } catch (err) {
      // BullMQ keeps a failed job's message in Redis (failedReason): a database error's would carry the query's parameters.
      const database = summariseDatabaseError(err);
      throw database ? new Error(database.message) : err;
    }
  }

  async onApplicationShutdown() {
    await this.worker?.close();
  }
}
