import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Worker, UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { CONFIG, LOGGER } from '@prd/kit';
import { AI_QUEUE } from './ai-queue.js';
import type { WorkerConfig } from './worker.config.js';

/** Consumes the AI queue with bounded concurrency; shutdown lets the running jobs finish (D7, D8). */
@Injectable()
export class AiWorkerService implements OnModuleInit, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(CONFIG) private readonly config: WorkerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    this.worker = new Worker(AI_QUEUE, (job) => this.process(job), {
      connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
      concurrency: this.config.WORKER_CONCURRENCY,
    });
    this.worker.on('error', (err) => this.logger.warn({ err: err.message }, 'AI worker connection error'));
    this.worker.on('failed', (job, err) => this.logger.warn({ jobId: job?.id, name: job?.name, err: err.message }, 'AI job failed'));
  }

  private async process(job: Job): Promise<unknown> {
    throw new UnrecoverableError(`no handler for AI job '${job.name}'`);
  }

  async onApplicationShutdown() {
    await this.worker?.close();
  }
}
