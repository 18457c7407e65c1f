import type { Redis } from 'ioredis';
import { RateLimit, rateLimitNamespace } from '@prd/kit';
import type { Config } from '../config.js';

const HOUR = 3600;

/**
 * How many accounts and guests one client address may create in an hour (docs/decisions/0005-users-guests-and-limits.md),
 * counted in Redis by rate-limiter-flexible and shared by every replica. The guest bucket is one, whether a guest is
 * created by a first write anywhere or by resetting one's guest account.
 */
export class AddressLimits {
  private readonly registrations: RateLimit;
  private readonly guests: RateLimit;

  constructor(redis: Redis, config: Config) {
    const namespace = rateLimitNamespace(config.DATABASE_URL);
    this.registrations = new RateLimit(redis, {
      keyPrefix: `register-address:${namespace}`,
      points: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      duration: HOUR,
      message: 'Too many accounts were created from your address.',
    });
    this.guests = new RateLimit(redis, {
      keyPrefix: `guests:${namespace}`,
      points: config.GUESTS_PER_ADDRESS_PER_HOUR,
      duration: HOUR,
      message: 'Too many guest sessions were started from your address.',
    });
  }

  /** Counts a sign-up from this address; over the limit: 429 saying when to retry. */
  registration(address: string): Promise<void> {
    return this.registrations.take(address);
  }

  /** Counts a new guest (or a guest reset) from this address; over the limit: 429 saying when to retry. */
  guest(address: string): Promise<void> {
    return this.guests.take(address);
  }
}
