import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../errors/app-error.js';

/** "30 seconds", "1 minute", "15 minutes", "2 hours". */
export function describeWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, seconds), 'second');
  if (seconds <= 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** The namespace of a deployment's limits: the name of its service's database, which all its replicas share. */
export function rateLimitNamespace(databaseUrl: string): string {
  return new URL(databaseUrl).pathname.replace(/^\//, '') || 'default';
}

export interface RateLimitOptions {
  /** Names the bucket in Redis; prefix it with rateLimitNamespace so deployments sharing a Redis count apart. */
  keyPrefix: string;
  /** Takes allowed per window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
  /** What went over, as a sentence: "Too many comments." The 429 adds when to try again. */
  message: string;
}

/**
 * So many takes per key (a user, an address) in a window, counted by rate-limiter-flexible in Redis and so
 * shared by every replica. Over it: 429 RATE_LIMITED with `Retry-After` and a message saying when to retry.
 */
export class RateLimit {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    private readonly options: RateLimitOptions,
  ) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: options.keyPrefix, points: options.points, duration: options.duration });
  }

  async take(key: string | number): Promise<void> {
    try {
      await this.limiter.consume(String(key).toLowerCase());
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rateLimited(`${this.options.message} Please try again in ${describeWait(seconds)}.`, rejection.msBeforeNext);
    }
  }
}
