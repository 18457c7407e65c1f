import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { setTimeout as wait } from 'node:timers/promises';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { CONFIG, RateLimit, rateLimitNamespace, REDIS } from '@prd/kit';
import type { Config } from '../config.js';

/**
 * Log-in throttling (docs/decisions/0009-security.md), two buckets in Redis shared by every replica:
 * - per address: every attempt counts, and over the limit the address is refused (429) until its
 *   window ends, which stops one machine guessing at speed;
 * - per account: failed attempts count, whichever of the account's username or email was typed, and
 *   over the limit each further attempt is only slowed down (LOGIN_SLOWDOWN_MS) before the password is
 *   checked. The right password still works, so nobody can keep a known user out by failing on purpose;
 *   a successful log-in empties the bucket.
 */
@Injectable()
export class LoginThrottle {
  private readonly byAddress: RateLimit;
  private readonly byAccount: RateLimiterRedis;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    const namespace = rateLimitNamespace(config.DATABASE_URL);
    this.byAddress = new RateLimit(redis, {
      keyPrefix: `login-address:${namespace}`,
      points: config.LOGIN_ATTEMPTS_PER_ADDRESS,
      duration: config.LOGIN_WINDOW_SECONDS,
      message: 'Too many log-in attempts.',
    });
    this.byAccount = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `login-account:${namespace}`,
      points: config.LOGIN_ATTEMPTS_PER_ACCOUNT,
      duration: config.LOGIN_WINDOW_SECONDS,
    });
  }

  /** Counts an attempt from this address; over the limit: 429 saying when to retry. */
  countAddress(address: string): Promise<void> {
    return this.byAddress.take(address);
  }

  /** Waits before an account's password is checked when it has failed too often in the window. */
  async slowDown(account: string): Promise<void> {
    const state = await this.byAccount.get(account);
    if (state && state.consumedPoints >= this.config.LOGIN_ATTEMPTS_PER_ACCOUNT) await wait(this.config.LOGIN_SLOWDOWN_MS);
  }

  async failed(account: string): Promise<void> {
    await this.byAccount.penalty(account);
  }

  async succeeded(account: string): Promise<void> {
    await this.byAccount.delete(account);
  }
}
