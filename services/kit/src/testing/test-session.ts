import { Redis } from 'ioredis';
import { SESSION_COOKIE, Session, SessionStore, newSessionId, signSessionId } from '../session/session.js';

/** Stores a session for `userId` in Redis and returns the Cookie header that carries it. */
export async function sessionCookieFor(redisUrl: string, secret: string, userId: number): Promise<string> {
  const redis = new Redis(redisUrl);
  try {
    const session = new Session(newSessionId(), { createdAt: Date.now() }, true);
    session.userId = userId;
    await new SessionStore(redis, 3600).save(session);
    return `${SESSION_COOKIE}=${encodeURIComponent(signSessionId(session.id, secret))}`;
  } finally {
    redis.disconnect();
  }
}
