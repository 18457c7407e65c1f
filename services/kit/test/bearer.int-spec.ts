import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { InternalUser, TokenPrincipal } from '@prd/proto';
import { AppError, BearerService, tokenRevokedKey, UserDirectory, type BaseConfig } from '../src/index.js';
import { testRedisUrl } from '../src/testing/index.js';

const TOKEN = `prd_${'a'.repeat(43)}`;
const principal: TokenPrincipal = { tokenId: 41, name: 'ci script', scope: 'read', expiresAt: null, user: { id: 7, username: 'ada', isGuest: false } };

/** Identity as a replica sees it: `beforeAnswer` runs after identity read the token and before its answer arrives. */
class SlowDirectory extends UserDirectory {
  beforeAnswer: () => Promise<void> = async () => undefined;
  async resolveToken(): Promise<TokenPrincipal | null> {
    await this.beforeAnswer();
    return principal;
  }
  async getUser(): Promise<InternalUser | null> {
    return null;
  }
  async createGuest(): Promise<InternalUser> {
    throw new Error('no guests here');
  }
}

/** docs/decisions/0015-programmatic-access.md: a revocation stops every call checked after it, even one whose lookup was in flight. */
describe('bearer tokens racing their revocation', () => {
  const config = { SESSION_SECRET: randomBytes(32).toString('base64url'), TOKEN_REQUESTS_PER_MINUTE: 100 } as BaseConfig;
  let redis: Redis;
  let directory: SlowDirectory;
  let bearer: BearerService;
  const call = () => bearer.authenticate({ headers: { authorization: `Bearer ${TOKEN}` }, method: 'GET' } as FastifyRequest);

  beforeAll(async () => {
    redis = new Redis(testRedisUrl());
    directory = new SlowDirectory();
    bearer = new BearerService(redis, config, pino({ level: 'silent' }), directory);
    await bearer.onApplicationBootstrap();
  });
  afterAll(async () => {
    bearer.onApplicationShutdown();
    await redis.quit();
  });

  it('refuses a call whose lookup answers after the revocation was recorded, its announcement still on the way', async () => {
    // Identity read the token, then it was revoked: the revocation's marker is in Redis (its pub/sub
    // message, sent with it, has not reached this replica) when identity's answer arrives.
    directory.beforeAnswer = async () => void (await redis.set(tokenRevokedKey(config, principal.tokenId), '1', 'PX', 60_000));
    const refused = await call().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED', message: 'Invalid, expired or revoked API token' } });
    expect((refused as AppError).headers).toEqual({ 'www-authenticate': 'Bearer error="invalid_token"' });
    // Nothing was remembered: the next call is refused too.
    directory.beforeAnswer = async () => undefined;
    await expect(call()).rejects.toMatchObject({ status: 401 });
  });

  it('lets the call through while its token is not revoked', async () => {
    await redis.del(tokenRevokedKey(config, principal.tokenId));
    await expect(call()).resolves.toEqual({ user: principal.user, scope: 'read', name: 'ci script' });
  });
});
