import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER, REDIS } from '@prd/kit';
import type { StreamEvent } from '../jobs/ai-job.js';
import { PartialStreams, type PartialStream } from './partial-streams.js';

/** Where a job publishes its partials: this replica's channel, under the job id the caller chose. */
export interface StreamTarget {
  channel: string;
  jobId: string;
}

/**
 * This replica's end of streamed replies (docs/decisions/0002-shared-redis.md, docs/decisions/0014-streaming-replies.md), shared by `/ws` and Server-Sent Events: one Redis channel per
 * replica, to which the worker running a job publishes its partials, a restart marker and the end marker.
 */
@Injectable()
export class ReplyStreams implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly channel = `chat:partials:${randomUUID()}`;
  private readonly streams = new PartialStreams();
  private subscriber?: Redis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    this.subscriber = this.redis.duplicate({ connectionName: 'chat-partials' });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel, raw: string) => {
      try {
        this.streams.deliver(JSON.parse(raw) as StreamEvent);
      } catch {
        this.logger.warn('ignored a malformed reply partial');
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  onApplicationShutdown() {
    this.subscriber?.disconnect();
  }

  /** Opens a stream for a new job: its target for the job, and the stream to wait on and close. */
  open(onPartial: (soFar: string) => void, onRestart?: () => void): { target: StreamTarget; stream: PartialStream } {
    const jobId = randomUUID();
    return { target: { channel: this.channel, jobId }, stream: this.streams.start(jobId, onPartial, onRestart) };
  }
}
