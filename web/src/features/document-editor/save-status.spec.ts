import { describe, expect, it } from '@jest/globals';
import type { LiveSnapshot } from './live-document';
import { saveStatus } from './save-status';

const snapshot = (change: Partial<LiveSnapshot>): LiveSnapshot => ({ status: 'live', text: '', unsynced: false, readOnly: false, people: [], accessChanges: 0, ...change });

describe('saveStatus', () => {
  it('says Saving… while the server has not confirmed an edit, Saved once it has, and Offline while disconnected', () => {
    expect(saveStatus(snapshot({ unsynced: true }), true)).toBe('Saving…');
    expect(saveStatus(snapshot({}), true)).toBe('Saved');
    expect(saveStatus(snapshot({ status: 'reconnecting', unsynced: true }), true)).toBe('Offline — your changes are kept and will sync');
    expect(saveStatus(snapshot({ status: 'connecting', text: null }), true)).toBeNull();
  });

  it('tells a reader only that the connection is down', () => {
    expect(saveStatus(snapshot({}), false)).toBeNull();
    expect(saveStatus(snapshot({ status: 'reconnecting' }), false)).toBe('Offline — reconnecting…');
  });
});
