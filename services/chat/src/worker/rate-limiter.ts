import type { Redis } from 'ioredis';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason as Error); }, { once: true });
  });

/**
 * A per-provider limit of requests per second shared by every worker replica (D7): a counter per
 * provider and second in Redis. A job over the limit waits for the next second.
 */
export class ProviderRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly perSecond: number,
  ) {}

  async acquire(key: string, signal: AbortSignal): Promise<void> {
    if (this.perSecond <= 0) return;
    for (;;) {
      const now = Date.now();
      const second = Math.floor(now / 1000);
      const counter = `ai:rate:${key}:${second}`;
      const [[, count]] = (await this.redis.multi().incr(counter).pexpire(counter, 2_000).exec()) as [[Error | null, number]];
      if (count <= this.perSecond) return;
      await sleep((second + 1) * 1000 - now, signal);
    }
  }
}
