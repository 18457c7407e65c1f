import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode, TOKEN_INVALID, TOKEN_PATTERN, TOKEN_READ_ONLY, TOKEN_REVOKED_CHANNEL, type InternalUser, type TokenPrincipal, type TokenScope } from '@prd/proto';
import { CONFIG } from '../config/config.tokens.js';
import type { BaseConfig } from '../config/config.js';
import { AppError, forbidden, rateLimited } from '../errors/app-error.js';
import { LOGGER } from '../logging/logger.tokens.js';
import { deploymentChannel } from '../redis/redis.js';
import { REDIS } from '../redis/redis.tokens.js';
import { UserDirectory } from '../users/user-directory.js';
import { bearerTokenOf, hashToken } from './bearer.js';

/**
 * How long a replica trusts what identity said about a token without asking again. Revocation does
 * not wait for it (see `announceTokenRevoked`) and expiry is checked on every call.
 */
export const TOKEN_RECHECK_MS = 30_000;
const REMEMBERED_TOKENS = 10_000;
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Who a bearer call acts for, and what its token allows. */
export interface BearerCaller {
  user: InternalUser;
  scope: TokenScope;
  /** The token's name: the author of what the call writes. */
  name: string;
}

const SCOPE = Symbol('token-scope');
const TOKEN_ID = Symbol('token-id');
const NAME = Symbol('token-name');
type WithScope = FastifyRequest & { [SCOPE]?: TokenScope; [TOKEN_ID]?: number; [NAME]?: string };

/** The scope of the token a bearer call was authenticated with; undefined for any other call. */
export const tokenScopeOf = (request: FastifyRequest): TokenScope | undefined => (request as WithScope)[SCOPE];
/** The name of the token a bearer call was authenticated with (a revision's author); undefined for any other call. */
export const tokenNameOf = (request: FastifyRequest): string | undefined => (request as WithScope)[NAME];

/** Revocations identity announces: the ids of the tokens that stopped working. */
export interface TokenRevokedEvent {
  tokenIds: number[];
}

/** The marker a revocation leaves in Redis, which every bearer call checks (`announceTokenRevoked`). */
export const tokenRevokedKey = (config: Pick<BaseConfig, 'SESSION_SECRET'>, tokenId: number) => revokedKey(deploymentChannel(TOKEN_REVOKED_CHANNEL, config), tokenId);
const revokedKey = (channel: string, tokenId: number) => `${channel}:revoked:${tokenId}`;

/** RFC 6750: a 401 of a bearer call names the scheme, so a client (an MCP client above all) knows to send a token. */
export const bearerChallenge = (message: string, error?: 'invalid_token') =>
  new AppError(401, { code: ErrorCode.UNAUTHORIZED, message }, undefined, { 'www-authenticate': error ? `Bearer error="${error}"` : 'Bearer' });

/**
 * Tells every replica of every service of the deployment that tokens were revoked: a marker every
 * bearer call checks once its token is known (so the very next call fails, wherever it lands, even
 * one whose lookup was in flight; it outlives any cache entry and any lookup), and a message on which
 * replicas drop the cached tokens.
 */
export async function announceTokenRevoked(redis: Redis, config: Pick<BaseConfig, 'SESSION_SECRET'>, tokenIds: number[]): Promise<void> {
  if (tokenIds.length === 0) return;
  const event: TokenRevokedEvent = { tokenIds };
  const batch = redis.multi();
  for (const id of tokenIds) batch.set(tokenRevokedKey(config, id), '1', 'PX', 2 * TOKEN_RECHECK_MS);
  await batch.publish(deploymentChannel(TOKEN_REVOKED_CHANNEL, config), JSON.stringify(event)).exec();
}

/**
 * docs/decisions/0015-programmatic-access.md: authenticates `Authorization: Bearer prd_…` calls as the
 * token's user, with its scope (a read token may only GET) and its own rate limit. Tokens are looked up
 * in identity and remembered per replica by the hash of their secret until identity announces their
 * revocation.
 */
@Injectable()
export class BearerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly remembered = new Map<string, { principal: TokenPrincipal; checkedAt: number }>();
  private readonly limiter: RateLimiterRedis;
  private readonly channel: string;
  private subscriber?: Redis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly directory: UserDirectory,
  ) {
    this.channel = deploymentChannel(TOKEN_REVOKED_CHANNEL, config);
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${this.channel}:rate`,
      points: config.TOKEN_REQUESTS_PER_MINUTE,
      duration: 60,
    });
  }

  async onApplicationBootstrap() {
    this.subscriber = this.redis.duplicate({ connectionName: 'token-revocations' });
    this.subscriber.on('error', () => undefined);
    // Announcements made while the connection was down are lost: start over from identity.
    this.subscriber.on('ready', () => this.remembered.clear());
    this.subscriber.on('message', (channel, raw) => {
      if (channel !== this.channel) return;
      try {
        this.forget((JSON.parse(raw) as TokenRevokedEvent).tokenIds);
      } catch {
        this.logger.warn({ channel }, 'ignored a malformed token revocation');
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  onApplicationShutdown() {
    this.subscriber?.disconnect();
  }

  /**
   * Who a bearer call acts for; undefined when the request carries no `Authorization: Bearer`.
   * A bad, revoked or expired token is a 401, too many calls a 429, and a write with a read token a
   * 403 unless the route checks the scope itself (`scopeCheckedByRoute`: the MCP endpoint, all POSTs).
   */
  async authenticate(request: FastifyRequest, options: { scopeCheckedByRoute?: boolean } = {}): Promise<BearerCaller | undefined> {
    const token = bearerTokenOf(request.headers);
    if (token === undefined) return undefined;
    if (!TOKEN_PATTERN.test(token)) throw bearerChallenge(TOKEN_INVALID, 'invalid_token');
    const principal = await this.principalOf(token);
    if (!principal) throw bearerChallenge(TOKEN_INVALID, 'invalid_token');
    // Checked after the lookup, cached or not: a revocation announced while identity was answering (its
    // message may come after the answer) still stops this call. One round trip with the rate limit.
    const [revoked, limit] = await Promise.all([this.redis.exists(revokedKey(this.channel, principal.tokenId)), this.consume(principal.tokenId)]);
    if (revoked) {
      this.forget([principal.tokenId]);
      throw bearerChallenge(TOKEN_INVALID, 'invalid_token');
    }
    if (principal.scope === 'read' && !options.scopeCheckedByRoute && !READ_METHODS.has(request.method)) throw forbidden(TOKEN_READ_ONLY);
    if (limit !== null) throw tokenRateLimited(limit);
    (request as WithScope)[SCOPE] = principal.scope;
    (request as WithScope)[TOKEN_ID] = principal.tokenId;
    (request as WithScope)[NAME] = principal.name;
    return { user: principal.user, scope: principal.scope, name: principal.name };
  }

  /**
   * Charges an authenticated bearer call for the further calls it carries (an MCP batch: each of its
   * messages counts against the token's rate limit, the request itself was charged one).
   */
  async chargeMore(request: FastifyRequest, calls: number): Promise<void> {
    const tokenId = (request as WithScope)[TOKEN_ID];
    if (tokenId === undefined || calls <= 0) return;
    const limit = await this.consume(tokenId, calls);
    if (limit !== null) throw tokenRateLimited(limit);
  }

  /** null when the calls are within the token's limit, else how many milliseconds until it may call again. */
  private async consume(tokenId: number, calls = 1): Promise<number | null> {
    try {
      await this.limiter.consume(String(tokenId), calls);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return err.msBeforeNext;
      throw err;
    }
  }

  private async principalOf(token: string): Promise<TokenPrincipal | null> {
    const key = hashToken(token);
    const hit = this.remembered.get(key);
    const now = Date.now();
    if (hit && now - hit.checkedAt < TOKEN_RECHECK_MS) return expired(hit.principal, now) ? null : hit.principal;
    this.remembered.delete(key);
    const principal = await this.directory.resolveToken(token);
    if (!principal || expired(principal, now)) return null;
    this.remembered.set(key, { principal, checkedAt: now });
    if (this.remembered.size > REMEMBERED_TOKENS) this.remembered.delete(this.remembered.keys().next().value!);
    return principal;
  }

  private forget(tokenIds: number[]) {
    const ids = new Set(tokenIds);
    for (const [key, { principal }] of this.remembered) if (ids.has(principal.tokenId)) this.remembered.delete(key);
  }
}

const tokenRateLimited = (retryAfterMs: number) => rateLimited('Too many requests with this API token. Please wait a moment and try again.', retryAfterMs);

const expired = (principal: TokenPrincipal, now: number) => principal.expiresAt !== null && Date.parse(principal.expiresAt) <= now;
