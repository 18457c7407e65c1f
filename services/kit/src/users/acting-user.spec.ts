import { describe, expect, it } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import type { InternalUser } from '@prd/proto';
import { z, ZodError } from 'zod';
import type { SessionService } from '../session/session.service.js';
import { ActingUserService } from './acting-user.js';
import { UserDirectory } from './user-directory.js';

class CountingDirectory extends UserDirectory {
  lookups = 0;
  users = new Map<number, InternalUser>([[7, { id: 7, username: 'ada', isGuest: false }]]);
  async getUser(id: number) {
    this.lookups++;
    return this.users.get(id) ?? null;
  }
  guestsCreated = 0;
  async createGuest(): Promise<InternalUser> {
    this.guestsCreated++;
    return { id: 99, username: 'guest-1', isGuest: true };
  }
  async resolveToken() {
    return null;
  }
}

/** The part of a session the service reads and writes; `bind` gives it a new id as @fastify/session's regenerate does. */
class FakeSession {
  constructor(
    public id: string,
    public userId?: number,
  ) {}
}

function serviceWith(session: FakeSession) {
  const directory = new CountingDirectory();
  let ids = 0;
  const sessions = {
    userId: () => session.userId,
    sessionId: () => session.id,
    clearUser: () => void (session.userId = undefined),
    bind: async (_request: FastifyRequest, userId: number) => {
      session.id = `regenerated-${++ids}`;
      session.userId = userId;
    },
  } satisfies Pick<SessionService, 'userId' | 'sessionId' | 'clearUser' | 'bind'>;
  return { directory, users: new ActingUserService(sessions as unknown as SessionService, directory) };
}

const request = {} as FastifyRequest;
const noteSchema = z.object({ content: z.string().min(1, 'Content is required') });

describe('ActingUserService', () => {
  it('asks the directory about a session once, then answers from memory', async () => {
    const session = new FakeSession('s1', 7);
    const { directory, users } = serviceWith(session);
    expect(await users.resolve(request)).toEqual({ id: 7, username: 'ada', isGuest: false });
    expect(await users.resolve(request)).toEqual({ id: 7, username: 'ada', isGuest: false });
    expect(directory.lookups).toBe(1);
  });

  it('asks again once the session gets a new id (log-in, sign-up, guest reset)', async () => {
    const session = new FakeSession('s2', 7);
    const { directory, users } = serviceWith(session);
    await users.resolve(request);
    session.id = 's2-after-log-in';
    await users.resolve(request);
    expect(directory.lookups).toBe(2);
  });

  it('clears a session whose user no longer exists and provisions a guest when asked', async () => {
    const session = new FakeSession('s3', 8);
    const { users } = serviceWith(session);
    expect(await users.resolve(request)).toBeNull();
    expect(session.userId).toBeUndefined();
    const write = { body: { content: 'A note' } } as FastifyRequest;
    expect(await users.resolve(write, { provisionGuest: noteSchema })).toMatchObject({ id: 99, isGuest: true });
    expect(session.userId).toBe(99);
  });

  it('provisions no guest for a write whose body is rejected', async () => {
    const session = new FakeSession('s4');
    const { directory, users } = serviceWith(session);
    const blank = { body: { content: '' } } as FastifyRequest;
    await expect(users.resolve(blank, { provisionGuest: noteSchema })).rejects.toBeInstanceOf(ZodError);
    expect(directory.guestsCreated).toBe(0);
    expect(session.userId).toBeUndefined();
  });
});
