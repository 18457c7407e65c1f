import { Inject, Injectable } from '@nestjs/common';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifySessionOptions } from '@fastify/session';
import { RedisStore } from 'connect-redis';
import type { FastifyReply, FastifyRequest, Session } from 'fastify';
import type { Redis } from 'ioredis';
import { CONFIG } from '../config/config.tokens.js';
import type { BaseConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.tokens.js';
import { SessionSigner } from './session-signer.js';
import { SESSION_COOKIE, SESSION_ENDED_CHANNEL, SESSION_KEY_PREFIX, sessionTag, type SessionEndedEvent } from './session.js';

/** The session of a request: @fastify/session sets it to null once it is destroyed. */
type SessionOf = FastifyRequest['session'] | null;

/**
 * The shared Redis session (docs/decisions/0017-session-design.md): `@fastify/session` with connect-redis's store
 * on the kit's ioredis client and `@fastify/cookie`'s signer. This service owns both, so WebSocket upgrades (which
 * have no Fastify request) read sessions exactly as HTTP requests do, and it announces every session that ends so
 * sockets opened with it close on every replica.
 */
@Injectable()
export class SessionService {
  private readonly store: RedisStore;
  private readonly signer: SessionSigner;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {
    // Without a cookie expiry connect-redis would use this; the session's own expiry (maxAge below) sets the key's TTL.
    this.store = new RedisStore({ client: redis, prefix: SESSION_KEY_PREFIX, ttl: config.SESSION_TTL_SECONDS });
    this.signer = new SessionSigner(config.SESSION_SECRET);
  }

  /** The options every service registers `@fastify/session` with. */
  pluginOptions(): FastifySessionOptions {
    const secure = this.config.COOKIE_SECURE === 'auto' ? 'auto' : this.config.COOKIE_SECURE === 'true';
    return {
      secret: this.signer,
      // connect-redis implements express-session's store, which @fastify/session accepts as is.
      store: this.store,
      cookieName: SESSION_COOKIE,
      // Anonymous reads store nothing and set no cookie; the session is written only when it changed.
      saveUninitialized: false,
      rolling: false,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: this.config.SESSION_TTL_SECONDS * 1000 },
    };
  }

  /** The user the request's session holds, if any. */
  userId(request: FastifyRequest): number | undefined {
    return (request.session as SessionOf)?.userId;
  }

  /** The request's session id (a new, unsaved one for a visitor without a session). */
  sessionId(request: FastifyRequest): string {
    return request.session.sessionId;
  }

  /**
   * Binds a user to the visitor under a new session id (log-in, sign-up, guest creation and reset): against session
   * fixation (docs/decisions/0009-security.md); the old id ends, and sockets opened with it close.
   */
  async bind(request: FastifyRequest, userId: number): Promise<void> {
    const previous = request.session.sessionId;
    await request.session.regenerate();
    request.session.userId = userId;
    await this.announce({ sessions: [sessionTag(previous)] });
  }

  /** Forgets the session's user (it no longer exists). */
  clearUser(request: FastifyRequest): void {
    delete request.session.userId;
  }

  /** Ends the session (log-out, account deletion) and clears its cookie; sockets opened with it close. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const session = request.session as SessionOf;
    if (!session) return;
    const id = session.sessionId;
    await session.destroy();
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    await this.announce({ sessions: [sessionTag(id)] });
  }

  /** Ends these sessions, wherever their browsers are (the demo account's password changed); sockets opened with them close. */
  async endById(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.redis.del(...ids.map((id) => `${SESSION_KEY_PREFIX}${id}`));
    await this.announce({ sessions: ids.map(sessionTag) });
  }

  /** Announces that every session of this user ended (account deleted): every replica closes its sockets. */
  endUser(userId: number): Promise<void> {
    return this.announce({ userId });
  }

  /** The session named by a raw Cookie header (WebSocket upgrades), or null when it is unsigned, forged or unknown. */
  async fromCookieHeader(header: string | undefined): Promise<{ id: string; userId: number | undefined } | null> {
    const raw = header ? fastifyCookie.parse(header)[SESSION_COOKIE] : undefined;
    if (!raw) return null;
    const { valid, value: id } = this.signer.unsign(raw);
    if (!valid || !id) return null;
    const data = await this.read(id);
    return data ? { id, userId: data.userId } : null;
  }

  /** For each session id, the user it still holds, or undefined when it ended or holds none. */
  usersOf(ids: string[]): Promise<Array<number | undefined>> {
    return Promise.all(ids.map(async (id) => (await this.read(id))?.userId));
  }

  private async read(id: string): Promise<Session | null> {
    return ((await this.store.get(id)) as Session | null | undefined) ?? null;
  }

  private async announce(event: SessionEndedEvent): Promise<void> {
    await this.redis.publish(SESSION_ENDED_CHANNEL, JSON.stringify(event));
  }
}
