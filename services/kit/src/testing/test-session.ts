import { Signer } from '@fastify/cookie';
import { RedisStore } from 'connect-redis';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SESSION_COOKIE, SESSION_KEY_PREFIX } from '../session/session.js';

/** Stores a session for `userId` in Redis, as @fastify/session would after a log-in, and returns the Cookie header that carries it. */
export async function sessionCookieFor(redisUrl: string, secret: string, userId: number): Promise<string> {
  const redis = new Redis(redisUrl);
  try {
    const id = randomBytes(24).toString('base64url');
    const maxAge = 3_600_000;
    const cookie = { originalMaxAge: maxAge, expires: new Date(Date.now() + maxAge), path: '/', httpOnly: true, sameSite: 'lax' as const };
    await new RedisStore({ client: redis, prefix: SESSION_KEY_PREFIX }).set(id, { cookie, userId });
    return `${SESSION_COOKIE}=${encodeURIComponent(new Signer(secret).sign(id))}`;
  } finally {
    redis.disconnect();
  }
}
