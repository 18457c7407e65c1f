import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { testRedisUrl } from '@prd/kit/testing';
import { ProviderRateLimiter } from '../src/worker/rate-limiter.js';

describe('the per-provider rate limit (D7)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(testRedisUrl());
  });
  afterAll(() => redis.disconnect());

  it('lets the configured number of requests through per second and holds the next one for the following second', async () => {
    const limiter = new ProviderRateLimiter(redis, 2);
    const key = `test-${randomBytes(4).toString('hex')}`;
    const signal = new AbortController().signal;
    await limiter.acquire(key, signal);
    const firstSecond = Math.floor(Date.now() / 1000);
    await limiter.acquire(key, signal);
    await limiter.acquire(key, signal);
    expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(firstSecond);
  });

  it('keeps providers apart and stops waiting when the job is aborted', async () => {
    const limiter = new ProviderRateLimiter(redis, 1);
    const [a, b] = [`a-${randomBytes(4).toString('hex')}`, `b-${randomBytes(4).toString('hex')}`];
    const controller = new AbortController();
    // Start early in a second so the three calls below share it.
    while (Date.now() % 1000 > 300) await new Promise((r) => setTimeout(r, 20));
    await limiter.acquire(a, controller.signal);
    await limiter.acquire(b, controller.signal);
    const waiting = limiter.acquire(a, controller.signal);
    controller.abort(new Error('time limit'));
    await expect(waiting).rejects.toThrow('time limit');
  });

  it('is off when the limit is 0', async () => {
    const limiter = new ProviderRateLimiter(redis, 0);
    for (let i = 0; i < 20; i++) await limiter.acquire('unlimited', new AbortController().signal);
    expect(await redis.keys('ai:rate:unlimited:*')).toEqual([]);
  });
});
