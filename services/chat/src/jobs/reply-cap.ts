import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CONFIG, rateLimited, REDIS } from '@prd/kit';
import type { Config } from '../config.js';

/** A per-user limit on AI work in a short time, shared by every chat replica through Redis. */
class PerUserLimit {
  private readonly limiter: RateLimiterRedis | null;

  constructor(
    redis: Redis,
    keyPrefix: string,
    points: number,
    private readonly message: string,
  ) {
    this.limiter = points > 0 ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: 60 }) : null;
  }

  /** Takes one; over the limit: 429 RATE_LIMITED with `Retry-After`. */
  async take(userId: number): Promise<void> {
    try {
      await this.limiter?.consume(String(userId));
    } catch (res) {
      if (res instanceof RateLimiterRes) throw rateLimited(this.message, res.msBeforeNext);
      throw res;
    }
  }
}

/**
 * The per-minute caps of AI work per user, whatever their tier (an own key included): every reply
 * (chat, document, project, flow, realtime, auto-title) takes one of AI_REPLIES_PER_MINUTE, and
 * starting a document flow also one of FLOW_STARTS_PER_MINUTE. A monthly allowance alone does not
 * stop one user from flooding the queue that every user's replies wait in.
 */
@Injectable()
export class ReplyCap {
  private readonly replies: PerUserLimit;
  private readonly flowStarts: PerUserLimit;

  constructor(@Inject(REDIS) redis: Redis, @Inject(CONFIG) config: Config) {
    this.replies = new PerUserLimit(redis, `${config.AI_QUEUE_PREFIX}:ai:replies`, config.AI_REPLIES_PER_MINUTE, 'Too many AI requests. Please wait a moment and try again.');
    this.flowStarts = new PerUserLimit(
      redis,
      `${config.AI_QUEUE_PREFIX}:ai:flow-starts`,
      config.FLOW_STARTS_PER_MINUTE,
      'Too many documents started. Please wait a moment and try again.',
    );
  }

  reply(userId: number): Promise<void> {
    return this.replies.take(userId);
  }

  flowStart(userId: number): Promise<void> {
    return this.flowStarts.take(userId);
  }
}
