import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, RateLimit, rateLimitNamespace, REDIS } from '@prd/kit';
import { COMMENTS_RATE_LIMITED, SHARE_LINK_READS_PER_MINUTE, SHARE_LINK_READS_RATE_LIMITED, SHARES_RATE_LIMITED, SUGGESTIONS_RATE_LIMITED } from '@prd/proto';
import type { Config } from '../config.js';

/**
 * Content's abuse limits (docs/decisions/0031-hostile-collaboration.md), counted in Redis and shared by every replica:
 * what a user writes that notifies others, and the reads of share links, which need no account.
 */
@Injectable()
export class RateLimits {
  private readonly comments: RateLimit;
  private readonly shares: RateLimit;
  private readonly proposals: RateLimit;
  private readonly shareLinkReads: RateLimit;

  constructor(@Inject(REDIS) redis: Redis, @Inject(CONFIG) config: Config) {
    const namespace = rateLimitNamespace(config.DATABASE_URL);
    this.comments = new RateLimit(redis, { keyPrefix: `comments:${namespace}`, points: config.COMMENTS_PER_MINUTE, duration: 60, message: COMMENTS_RATE_LIMITED });
    this.proposals = new RateLimit(redis, {
      keyPrefix: `suggestion-proposals:${namespace}`,
      points: config.SUGGESTION_PROPOSALS_PER_MINUTE,
      duration: 60,
      message: SUGGESTIONS_RATE_LIMITED,
    });
    this.shares = new RateLimit(redis, { keyPrefix: `shares:${namespace}`, points: config.SHARES_PER_HOUR, duration: 3600, message: SHARES_RATE_LIMITED });
    this.shareLinkReads = new RateLimit(redis, {
      keyPrefix: `share-link-reads:${namespace}`,
      points: SHARE_LINK_READS_PER_MINUTE,
      duration: 60,
      message: SHARE_LINK_READS_RATE_LIMITED,
    });
  }

  /** A new thread or reply by this user. */
  comment(userId: number): Promise<void> {
    return this.comments.take(userId);
  }

  /** A person's proposal of suggestions (suggesting mode). */
  proposal(userId: number): Promise<void> {
    return this.proposals.take(userId);
  }

  /** An invitation by this user. */
  share(userId: number): Promise<void> {
    return this.shares.take(userId);
  }

  /** A read of a share link from this address. */
  shareLinkRead(address: string): Promise<void> {
    return this.shareLinkReads.take(address);
  }
}
