import type { Redis } from 'ioredis';
import { ErrorCode } from '@prd/proto';
import { AppError } from '@prd/kit';

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends and the counter starts again. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in Redis, shared by every replica. `namespace` keeps deployments that share
 * one Redis (and test runs) apart; replicas of one deployment use the same namespace.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  private key(bucket: string, subject: string): string {
    return `rl:${this.namespace}:${bucket}:${subject.toLowerCase()}`;
  }

  /** Counts one attempt atomically and says whether it is within `limit` per `windowSeconds`. */
  async hit(bucket: string, subject: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const key = this.key(bucket, subject);
    const results = await this.redis.multi().set(key, 0, 'EX', windowSeconds, 'NX').incr(key).pttl(key).exec();
    const count = Number(results?.[1]?.[1] ?? 0);
    const ttlMs = Number(results?.[2]?.[1] ?? -1);
    const retryAfterSeconds = ttlMs > 0 ? Math.ceil(ttlMs / 1000) : windowSeconds;
    return { allowed: count <= limit, count, retryAfterSeconds };
  }

  /** Forgets a subject's attempts (e.g. a successful log-in clears that username's failures). */
  async reset(bucket: string, subject: string): Promise<void> {
    await this.redis.del(this.key(bucket, subject));
  }
}

/** "30 seconds", "1 minute", "15 minutes", "2 hours". */
export function describeWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, seconds), 'second');
  if (seconds <= 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** 429 with a message that says when to retry. */
export function tooManyRequests(what: string, retryAfterSeconds: number): AppError {
  return new AppError(429, {
    code: ErrorCode.RATE_LIMITED,
    message: `${what} Please try again in ${describeWait(retryAfterSeconds)}.`,
  });
}

/** The namespace of a deployment: the name of its database, which all its replicas share. */
export function rateLimitNamespace(databaseUrl: string): string {
  return new URL(databaseUrl).pathname.replace(/^\//, '') || 'default';
}
