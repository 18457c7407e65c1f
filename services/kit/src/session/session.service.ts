import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { CONFIG } from '../config/config.tokens.js';
import type { BaseConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.tokens.js';
import { SESSION_COOKIE, Session, SessionStore, signSessionId, unsignSessionId } from './session.js';

/** Reads a raw Cookie header (WebSocket upgrades have no Fastify request). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The shared Redis session (docs/decisions/0002-shared-redis.md), loaded on first use within a request and saved when the answer is sent. */
@Injectable()
export class SessionService {
  private readonly store: SessionStore;
  private readonly loaded = new WeakMap<FastifyRequest, Promise<Session>>();

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {
    this.store = new SessionStore(redis, config.SESSION_TTL_SECONDS);
  }

  get(request: FastifyRequest): Promise<Session> {
    let session = this.loaded.get(request);
    if (!session) {
      session = this.fromCookieHeader(request.headers.cookie);
      this.loaded.set(request, session);
    }
    return session;
  }

  /** Loads the session named by a Cookie header; an unsigned or unknown id gives a new, empty session. */
  fromCookieHeader(header: string | undefined): Promise<Session> {
    const raw = cookieValue(header, SESSION_COOKIE);
    return this.store.load(raw ? unsignSessionId(raw, this.config.SESSION_SECRET) : null);
  }

  /** For each session id, the user it still holds, or undefined when it ended or holds none. */
  async usersOf(ids: string[]): Promise<Array<number | undefined>> {
    return (await this.store.peek(ids)).map((data) => data?.userId);
  }

  /** Announces that every session of this user ended (account deleted): every replica closes its sockets. */
  endUser(userId: number): Promise<void> {
    return this.store.endUser(userId);
  }

  /** Called from the onSend hook: persists a changed session and writes or clears the cookie. */
  async commit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const pending = this.loaded.get(request);
    if (!pending) return;
    const session = await pending;
    const secure = this.config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : this.config.COOKIE_SECURE === 'true';
    const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
    if (session.destroyed) {
      await this.store.remove(session);
      reply.clearCookie(SESSION_COOKIE, options);
      return;
    }
    if (!session.dirty) return;
    await this.store.save(session);
    reply.setCookie(SESSION_COOKIE, signSessionId(session.id, this.config.SESSION_SECRET), {
      ...options,
      maxAge: this.config.SESSION_TTL_SECONDS,
    });
  }
}
