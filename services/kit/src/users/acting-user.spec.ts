import { describe, expect, it } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import type { InternalUser } from '@prd/proto';
import { z, ZodError } from 'zod';
import { Session } from '../session/session.js';
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

function serviceWith(session: Session) {
  const directory = new CountingDirectory();
  const sessions = { get: async () => session } as unknown as SessionService;
  return { directory, users: new ActingUserService(sessions, directory) };
}

const request = {} as FastifyRequest;
const noteSchema = z.object({ content: z.string().min(1, 'Content is required') });

describe('ActingUserService', () => {
  it('asks the directory about a session once, then answers from memory', async () => {
    const session = new Session('s1', { createdAt: 0, userId: 7 }, false);
    const { directory, users } = serviceWith(session);
    expect(await users.resolve(request)).toEqual({ id: 7, username: 'ada', isGuest: false });
    expect(await users.resolve(request)).toEqual({ id: 7, username: 'ada', isGuest: false });
    expect(directory.lookups).toBe(1);
  });

  it('asks again once the session gets a new id (log-in, sign-up, guest reset)', async () => {
    const session = new Session('s2', { createdAt: 0, userId: 7 }, false);
    const { directory, users } = serviceWith(session);
    await users.resolve(request);
    session.regenerate();
    await users.resolve(request);
    expect(directory.lookups).toBe(2);
  });

  it('clears a session whose user no longer exists and provisions a guest when asked', async () => {
    const session = new Session('s3', { createdAt: 0, userId: 8 }, false);
    const { users } = serviceWith(session);
    expect(await users.resolve(request)).toBeNull();
    expect(session.userId).toBeUndefined();
    const write = { body: { content: 'A note' } } as FastifyRequest;
    expect(await users.resolve(write, { provisionGuest: noteSchema })).toMatchObject({ id: 99, isGuest: true });
    expect(session.userId).toBe(99);
  });

  it('provisions no guest for a write whose body is rejected', async () => {
    const session = new Session('s4', { createdAt: 0 }, false);
    const { directory, users } = serviceWith(session);
    const blank = { body: { content: '' } } as FastifyRequest;
    await expect(users.resolve(blank, { provisionGuest: noteSchema })).rejects.toBeInstanceOf(ZodError);
    expect(directory.guestsCreated).toBe(0);
    expect(session.userId).toBeUndefined();
  });
});
