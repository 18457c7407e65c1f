import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import { rateLimitNamespace, tooManyRequests } from './rate-limiter.js';

const HOUR = 3600;

/**
 * How many accounts and guests one client address may create in an hour (docs/decisions/0005-users-guests-and-limits.md),
 * counted in Redis by rate-limiter-flexible and shared by every replica. The guest bucket is one, whether a guest is
 * created by a first write anywhere or by resetting one's guest account.
 */
export class AddressLimits {
  private readonly registrations: RateLimiterRedis;
  private readonly guests: RateLimiterRedis;

  constructor(redis: Redis, config: Config) {
    const namespace = rateLimitNamespace(config.DATABASE_URL);
    this.registrations = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `register-address:${namespace}`,
      points: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      duration: HOUR,
    });
    this.guests = new RateLimiterRedis({ storeClient: redis, keyPrefix: `guests:${namespace}`, points: config.GUESTS_PER_ADDRESS_PER_HOUR, duration: HOUR });
  }

  /** Counts a sign-up from this address; over the limit: 429 saying when to retry. */
  registration(address: string): Promise<void> {
    return consume(this.registrations, address, 'Too many accounts were created from your address.');
  }

  /** Counts a new guest (or a guest reset) from this address; over the limit: 429 saying when to retry. */
  guest(address: string): Promise<void> {
    return consume(this.guests, address, 'Too many guest sessions were started from your address.');
  }
}

async function consume(limiter: RateLimiterRedis, address: string, what: string): Promise<void> {
  try {
    await limiter.consume(address.toLowerCase());
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooManyRequests(what, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}
