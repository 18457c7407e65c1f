import type { RevisionAuthor, RevisionSource } from '@prd/proto';
import type { StoredAuthor } from '../db/schema.js';
import type { PeopleService } from '../people/people.service.js';

/** The people who typed a live save, or made a save in the browser: one or more users. */
export const usersAuthor = (userIds: Iterable<number>): StoredAuthor => ({ kind: 'user', userIds: [...new Set(userIds)].sort((a, b) => a - b), token: null });

/** A bearer call's author: the token's owner and the token's name. */
export const tokenAuthor = (userId: number, token: string): StoredAuthor => ({ kind: 'token', userIds: [userId], token });

/** The author of a change from `source` made for `userId` (an AI or flow edit is the AI's, for whoever asked). */
export const authorOf = (source: RevisionSource, userId: number): StoredAuthor =>
  source === 'ai' || source === 'flow' ? { kind: 'ai', userIds: [userId], token: null } : usersAuthor([userId]);

/** Whether two saves come from the same author: the same kind, people and token. An unknown author is nobody's. */
export function sameAuthor(a: StoredAuthor | null, b: StoredAuthor | null): boolean {
  if (!a || !b || a.kind !== b.kind || a.token !== b.token || a.acceptedBy !== b.acceptedBy || a.userIds.length !== b.userIds.length) return false;
  return a.userIds.every((id, i) => id === b.userIds[i]);
}

/** The stored authors with their users' names as they are now (a deleted account keeps its id, with no name). */
export async function withNames(people: PeopleService, authors: (StoredAuthor | null)[]): Promise<(RevisionAuthor | null)[]> {
  const profiles = await people.profiles(authors.flatMap((a) => [...(a?.userIds ?? []), ...(a?.acceptedBy === undefined ? [] : [a.acceptedBy])]));
  const person = (id: number) => profiles.get(id) ?? { id, username: '', name: null };
  return authors.map((a) =>
    a
      ? {
          kind: a.kind,
          users: a.userIds.map(person),
          token: a.token,
          ...(a.acceptedBy === undefined ? {} : { acceptedBy: person(a.acceptedBy) }),
        }
      : null,
  );
}
