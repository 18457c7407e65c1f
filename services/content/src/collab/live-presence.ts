import type { CollabPresenceUser } from '@prd/proto';

type States = Map<number, Record<string, unknown>>;

/** Whether a state already in the document's presence is someone else's (the server set its `user`). */
const othersState = (state: Record<string, unknown> | undefined, userId: number): boolean => state !== undefined && (state.user as { id?: unknown } | undefined)?.id !== userId;

/**
 * Holds an inbound presence (awareness) update to what its connection may announce: the state of one
 * Yjs client, its own (the one it announced first; never one someone else holds, on any replica), with
 * the `user` its session says. Every other state is dropped from the update before it is applied or
 * broadcast. `own`: the clients the connection announced; `current`: the document's presence now.
 * Empty states say nothing and are dropped too: Hocuspocus decodes each update into a scratch
 * Awareness whose own empty state, under a random client id, would otherwise take the claim.
 */
export function claimPresence(states: States, own: ReadonlySet<number>, current: States, user: CollabPresenceUser): void {
  let claimed = own.size > 0;
  for (const [clientId, state] of states) {
    if (Object.keys(state).length === 0) {
      states.delete(clientId);
      continue;
    }
    const allowed = own.has(clientId) || (!claimed && !othersState(current.get(clientId), user.id));
    if (!allowed) {
      states.delete(clientId);
      continue;
    }
    claimed = true;
    state.user = user;
  }
}
