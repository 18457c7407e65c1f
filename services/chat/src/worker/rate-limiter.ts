import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/**
 * A limit of requests per second to one provider key, shared by every worker replica (docs/decisions/0007-ai-jobs-on-bullmq.md) through
 * Redis. Each key has its own bucket (the server's key, each user's own key: `ProviderFactory` names
 * them), so one user's key, valid or not, never slows anyone else's replies. A job over the limit
 * waits until its bucket has room again, or until the job is aborted.
 */
export class ProviderRateLimiter {
  private readonly limiter: RateLimiterRedis | null;

  constructor(redis: Redis, perSecond: number, prefix: string) {
    this.limiter = perSecond > 0 ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:ai:rate`, points: perSecond, duration: 1 }) : null;
  }

  async acquire(bucket: string, signal: AbortSignal): Promise<void> {
    if (!this.limiter) return;
    for (;;) {
      signal.throwIfAborted();
      try {
        await this.limiter.consume(bucket);
        return;
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        await sleep(Math.max(res.msBeforeNext, 1), signal);
      }
    }
  }
}
