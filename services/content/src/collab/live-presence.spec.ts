import { describe, expect, it } from '@jest/globals';
import { presenceUser } from '@prd/proto';
import { claimPresence } from './live-presence.js';

const viewer = presenceUser(7, 'viewer');
const ownerState = { user: presenceUser(1, 'owner'), cursor: { anchor: 3 } };

describe('claimPresence', () => {
  it('replaces the user a client announces with the one of its session', () => {
    const states = new Map([[100, { user: { id: 1, name: 'owner', color: '#000000' }, cursor: null }]]);
    claimPresence(states, new Set(), new Map(), viewer);
    expect(states.get(100)).toEqual({ user: viewer, cursor: null });
  });

  it('drops a state for a client someone else holds, and a second client of the connection', () => {
    const states = new Map<number, Record<string, unknown>>([
      [1, { user: { id: 7 } }],
      [2, { user: { id: 7 } }],
      [3, { user: { id: 7 } }],
    ]);
    claimPresence(states, new Set(), new Map([[1, ownerState]]), viewer);
    expect([...states.keys()]).toEqual([2]);

    const later = new Map<number, Record<string, unknown>>([
      [2, { cursor: null }],
      [4, { cursor: null }],
    ]);
    claimPresence(later, new Set([2]), new Map([[2, { user: viewer }]]), viewer);
    expect([...later.entries()]).toEqual([[2, { cursor: null, user: viewer }]]);
  });

  it('drops empty states (the scratch Awareness Hocuspocus decodes into adds one) before the claim', () => {
    const states = new Map<number, Record<string, unknown>>([
      [9, {}],
      [2, { cursor: null }],
    ]);
    claimPresence(states, new Set(), new Map(), viewer);
    expect([...states.entries()]).toEqual([[2, { cursor: null, user: viewer }]]);
  });

  it('lets a user take back their own client (a reconnect before the old connection was dropped)', () => {
    const states = new Map<number, Record<string, unknown>>([[5, { cursor: null }]]);
    claimPresence(states, new Set(), new Map([[5, { user: viewer }]]), viewer);
    expect(states.get(5)).toEqual({ cursor: null, user: viewer });
  });
});
