import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { AppError, CONFIG, unavailable } from '@prd/kit';
import type { RealtimeSessionToken } from '@prd/proto';
import type { Config } from '../config.js';
import { AI_TIMEOUT } from '../ai/ai-errors.js';
import { decodeFailure, UNKNOWN_FAILURE } from '../jobs/ai-job.js';
import { JobOutcomes, JobWaitTimeoutError } from '../jobs/job-outcomes.service.js';
import { VOICE_TOKEN_JOB, VOICE_TOKEN_QUEUE, type VoiceTokenJobData, type VoiceTokenJobResult } from './voice-token-job.js';

/** The worker's provider call takes at most 2 × 15 s (one retry); this leaves it the time to get the job too. */
const WAIT_MS = 40_000;

/** The chat API's side of voice tokens: one job for the worker, awaited like an AI reply on this replica's outcome channel (docs/decisions/0007-ai-jobs-on-bullmq.md). */
@Injectable()
export class VoiceTokensService implements OnApplicationShutdown {
  private readonly queue: Queue<VoiceTokenJobData, VoiceTokenJobResult>;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly outcomes: JobOutcomes,
  ) {
    const connection = { url: config.REDIS_URL, maxRetriesPerRequest: null };
    const prefix = config.AI_QUEUE_PREFIX;
    this.queue = new Queue<VoiceTokenJobData, VoiceTokenJobResult>(VOICE_TOKEN_QUEUE, { connection, prefix });
    this.queue.on('error', () => undefined);
  }

  async mint(userId: number, documentId: number | null): Promise<RealtimeSessionToken> {
    const jobId = randomUUID();
    const outcome = this.outcomes.expect<VoiceTokenJobResult>(this.queue, jobId);
    try {
      // One attempt: the worker gives the allowance back itself when the provider refuses; the secret leaves Redis within a minute.
      await this.queue.add(
        VOICE_TOKEN_JOB,
        { userId, documentId, replyTo: this.outcomes.channel },
        { jobId, attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 3600 } },
      );
    } catch {
      outcome.cancel();
      throw unavailable();
    }
    try {
      return await outcome.wait(WAIT_MS);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const failure = decodeFailure(reason);
      if (failure) throw new AppError(failure.status, failure.body);
      if (err instanceof JobWaitTimeoutError) throw new AppError(504, AI_TIMEOUT);
      throw new AppError(UNKNOWN_FAILURE.status, UNKNOWN_FAILURE.body);
    }
  }

  async onApplicationShutdown() {
    await this.queue.close().catch(() => undefined);
  }
}
