import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { testRedisUrl } from '@prd/kit/testing';
import { rateBucket } from '../src/ai/provider-factory.js';
import { ProviderRateLimiter } from '../src/worker/rate-limiter.js';

describe('the provider rate limit per key (docs/decisions/0007-ai-jobs-on-bullmq.md)', () => {
  let redis: Redis;
  let prefix: string;
  beforeAll(() => {
    redis = new Redis(testRedisUrl());
  });
  beforeEach(() => {
    prefix = `test-${randomBytes(4).toString('hex')}`;
  });
  afterAll(() => redis.disconnect());

  it('lets the configured number of requests through per second and holds the next one until there is room', async () => {
    const limiter = new ProviderRateLimiter(redis, 2, prefix);
    const signal = new AbortController().signal;
    const started = Date.now();
    await limiter.acquire('k', signal);
    await limiter.acquire('k', signal);
    const third = limiter.acquire('k', signal).then(() => Date.now());
    // The third waited for the one-second window of the first two to end.
    expect((await third) - started).toBeGreaterThanOrEqual(900);
  });

  it('gives every key its own bucket, so a flood on one key never holds back another, and stops waiting on abort', async () => {
    const limiter = new ProviderRateLimiter(redis, 1, prefix);
    const server = rateBucket('http://provider/v1', 'sk-server');
    const fake = rateBucket('http://provider/v1', 'sk-fake-user-key');
    expect(server).not.toBe(fake);
    const flood = new AbortController();
    await limiter.acquire(fake, flood.signal);
    const held = limiter.acquire(fake, flood.signal);
    // The server key's bucket is untouched by the user's flood: it passes at once, while the flood waits.
    let heldDone = false;
    void held.then(
      () => (heldDone = true),
      () => undefined,
    );
    await limiter.acquire(server, new AbortController().signal);
    expect(heldDone).toBe(false);
    flood.abort(new Error('time limit'));
    await expect(held).rejects.toThrow('time limit');
  });

  it('never writes a key to Redis, only its fingerprint', async () => {
    const limiter = new ProviderRateLimiter(redis, 5, prefix);
    await limiter.acquire(rateBucket('http://provider/v1', 'sk-secret-0123456789'), new AbortController().signal);
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('sk-secret');
  });

  it('is off when the limit is 0', async () => {
    const limiter = new ProviderRateLimiter(redis, 0, prefix);
    for (let i = 0; i < 20; i++) await limiter.acquire('unlimited', new AbortController().signal);
    expect(await redis.keys(`${prefix}:*`)).toEqual([]);
  });
});
