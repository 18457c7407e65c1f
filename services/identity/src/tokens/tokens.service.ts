import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { announceTokenRevoked, CONFIG, conflict, DB, hashToken, notFound, REDIS, type BaseConfig, type Database } from '@prd/kit';
import { TOKEN_NOT_FOUND, TOKEN_PREFIX, TOKENS_PER_USER, type CreatedToken, type CreateToken, type TokenDto, type TokenPrincipal } from '@prd/proto';
import * as tables from '../db/schema.js';

/** How often a token's `last used` is written at most: a busy token does not write a row per call. */
export const TOKEN_LAST_USED_EVERY_MS = 60_000;
/** How many characters of the secret Settings shows (`prd_` and four more). */
const SHOWN_PREFIX = TOKEN_PREFIX.length + 4;

type TokenRow = typeof tables.apiTokens.$inferSelect;

const toTokenDto = (row: TokenRow): TokenDto => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Deletes every token of the user and tells every replica of every service to stop accepting them at
 * once (a deleted account, the demo account's new password). A function, so the demo account's reset
 * can use it without a module cycle (tokens refuse the demo account).
 */
export async function revokeAllTokensOf(db: Database<typeof tables>, redis: Redis, config: BaseConfig, userId: number): Promise<void> {
  const gone = await db.delete(tables.apiTokens).where(eq(tables.apiTokens.userId, userId)).returning({ id: tables.apiTokens.id });
  await announceTokenRevoked(
    redis,
    config,
    gone.map((t) => t.id),
  );
}

/** docs/decisions/0015-programmatic-access.md: personal access tokens, stored as the SHA-256 of their secret only. */
@Injectable()
export class TokensService {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {}

  /** The user's tokens, newest first, expired ones included (Settings shows them as expired). */
  async list(userId: number): Promise<TokenDto[]> {
    const rows = await this.db.select().from(tables.apiTokens).where(eq(tables.apiTokens.userId, userId)).orderBy(desc(tables.apiTokens.id));
    return rows.map(toTokenDto);
  }

  /** A new token: 256 random bits after the `prd_` prefix; the answer is the only place its secret ever appears. */
  async create(userId: number, input: CreateToken): Promise<CreatedToken> {
    const [held] = await this.db.select({ n: count() }).from(tables.apiTokens).where(eq(tables.apiTokens.userId, userId));
    if ((held?.n ?? 0) >= TOKENS_PER_USER) throw conflict(`You have ${TOKENS_PER_USER} API tokens: revoke one to create another`);
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const [row] = await this.db
      .insert(tables.apiTokens)
      .values({
        userId,
        name: input.name,
        scope: input.scope,
        tokenHash: hashToken(token),
        prefix: token.slice(0, SHOWN_PREFIX),
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return { ...toTokenDto(row), token };
  }

  /** Deletes the token and tells every replica of every service to stop accepting it at once. */
  async revoke(userId: number, id: number): Promise<void> {
    const gone = await this.db
      .delete(tables.apiTokens)
      .where(and(eq(tables.apiTokens.id, id), eq(tables.apiTokens.userId, userId)))
      .returning({ id: tables.apiTokens.id });
    if (gone.length === 0) throw notFound(TOKEN_NOT_FOUND);
    await announceTokenRevoked(this.redis, this.config, [id]);
  }

  /** An account that is deleted takes its tokens with it. */
  revokeAllOf(userId: number): Promise<void> {
    return revokeAllTokensOf(this.db, this.redis, this.config, userId);
  }

  /** The live token with this secret and its active user; null otherwise. Notes the use, at most once a minute. */
  async resolve(token: string): Promise<TokenPrincipal | null> {
    const t = tables.apiTokens;
    const u = tables.users;
    const [row] = await this.db
      .select({ token: t, user: { id: u.id, username: u.username, isGuest: u.isGuest } })
      .from(t)
      .innerJoin(u, eq(u.id, t.userId))
      .where(and(eq(t.tokenHash, hashToken(token)), isNull(u.deletedAt), or(isNull(t.expiresAt), gt(t.expiresAt, sql`now()`))));
    if (!row) return null;
    await this.db
      .update(t)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(t.id, row.token.id), or(isNull(t.lastUsedAt), lt(t.lastUsedAt, sql`now() - make_interval(secs => ${TOKEN_LAST_USED_EVERY_MS / 1000})`))));
    return {
      tokenId: row.token.id,
      name: row.token.name,
      scope: row.token.scope,
      expiresAt: row.token.expiresAt?.toISOString() ?? null,
      user: { id: row.user.id, username: row.user.username ?? '', isGuest: row.user.isGuest },
    };
  }
}
