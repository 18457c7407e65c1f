import { createHash } from 'node:crypto';

export const SESSION_COOKIE = 'prd.sid';
/** connect-redis's key prefix: a session is the Redis key `sess:<id>`. */
export const SESSION_KEY_PREFIX = 'sess:';

declare module 'fastify' {
  /** What a session holds besides @fastify/session's cookie. Only identity writes `userId`; the guest guard may too (docs/decisions/0005-users-guests-and-limits.md). */
  interface Session {
    userId?: number;
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
