import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';

export const SESSION_COOKIE = 'prd.sid';
const KEY_PREFIX = 'sess:';

/** What a session holds. Only identity writes `userId`; the guest guard may too (docs/decisions/0005-users-guests-and-limits.md). */
export interface SessionData {
  userId?: number;
  createdAt: number;
}

/**
 * One visitor's session, loaded lazily from Redis (docs/decisions/0002-shared-redis.md). Changes are written back once,
 * when the answer is sent, by the session hook.
 */
export class Session {
  dirty = false;
  destroyed = false;
  /** Set when the id changed (regenerate) so the old key is removed and the cookie rewritten. */
  previousId: string | null = null;

  constructor(
    public id: string,
    public data: SessionData,
    public isNew: boolean,
  ) {}

  get userId(): number | undefined {
    return this.data.userId;
  }

  set userId(userId: number | undefined) {
    this.data.userId = userId;
    this.dirty = true;
  }

  /** A new id for the same visitor, against session fixation at log-in (docs/decisions/0009-security.md). */
  regenerate(): void {
    if (!this.isNew && this.previousId === null) this.previousId = this.id;
    this.id = newSessionId();
    this.isNew = true;
    this.dirty = true;
  }

  destroy(): void {
    this.destroyed = true;
  }
}

/** Where every replica hears that sessions or all of a user's sessions ended, to close their sockets. */
export const SESSION_ENDED_CHANNEL = 'prd:session-ended';

/** What travels on that channel: session tags (never the ids themselves) or a user whose sessions all ended. */
export interface SessionEndedEvent {
  sessions?: string[];
  userId?: number;
}

/** A one-way name for a session id, safe to publish and to keep beside a socket. */
export function sessionTag(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

function signature(id: string, secret: string): string {
  return createHmac('sha256', secret).update(id).digest('base64url');
}

export function signSessionId(id: string, secret: string): string {
  return `${id}.${signature(id, secret)}`;
}

/** The id inside a signed cookie value, or null when the signature does not match. */
export function unsignSessionId(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(id, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  async load(id: string | null): Promise<Session> {
    if (id) {
      const raw = await this.redis.get(KEY_PREFIX + id);
      if (raw) {
        try {
          return new Session(id, JSON.parse(raw) as SessionData, false);
        } catch {
          // A corrupt entry is treated as no session.
        }
      }
    }
    return new Session(newSessionId(), { createdAt: Date.now() }, true);
  }

  /** The stored data of a session id, or null when it ended (log-out, expiry, regenerate). */
  async peek(ids: string[]): Promise<Array<SessionData | null>> {
    if (ids.length === 0) return [];
    const raws = await this.redis.mget(ids.map((id) => KEY_PREFIX + id));
    return raws.map((raw) => {
      if (!raw) return null;
      try {
        return JSON.parse(raw) as SessionData;
      } catch {
        return null;
      }
    });
  }

  async save(session: Session): Promise<void> {
    const tx = this.redis.multi();
    if (session.previousId) {
      // The visitor's old id ends here (log-in, sign-up, guest reset): sockets opened with it close.
      tx.del(KEY_PREFIX + session.previousId);
      tx.publish(SESSION_ENDED_CHANNEL, JSON.stringify({ sessions: [sessionTag(session.previousId)] } satisfies SessionEndedEvent));
    }
    tx.set(KEY_PREFIX + session.id, JSON.stringify(session.data), 'EX', this.ttlSeconds);
    await tx.exec();
    session.previousId = null;
    session.dirty = false;
    session.isNew = false;
  }

  async remove(session: Session): Promise<void> {
    const ids = [session.id, ...(session.previousId ? [session.previousId] : [])];
    await this.redis
      .multi()
      .del(...ids.map((id) => KEY_PREFIX + id))
      .publish(SESSION_ENDED_CHANNEL, JSON.stringify({ sessions: ids.map(sessionTag) } satisfies SessionEndedEvent))
      .exec();
  }

  /** Every session of a user ended (the account was deleted): their sockets close on every replica. */
  async endUser(userId: number): Promise<void> {
    await this.redis.publish(SESSION_ENDED_CHANNEL, JSON.stringify({ userId } satisfies SessionEndedEvent));
  }
}
