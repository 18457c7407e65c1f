import { describe, expect, it } from '@jest/globals';
import type { LiveSnapshot } from './live-document';
import { saveStatus } from './save-status';

const snapshot = (change: Partial<LiveSnapshot>): LiveSnapshot => ({
  status: 'live',
  synced: true,
  text: '',
  readOnly: false,
  people: [],
  accessChanges: 0,
  stalled: false,
  ...change,
});

describe('saveStatus', () => {
  it('says Saving… while the server has not confirmed an edit, Saved once it has, and Offline while disconnected', () => {
    expect(saveStatus(snapshot({}), true, true)).toBe('Saving…');
    expect(saveStatus(snapshot({}), false, true)).toBe('Saved');
    expect(saveStatus(snapshot({ status: 'reconnecting' }), true, true)).toBe('Offline — your changes are kept and will sync');
    expect(saveStatus(snapshot({ status: 'connecting', synced: false, text: null }), true, true)).toBeNull();
  });

  it('tells a reader only that the connection is down', () => {
    expect(saveStatus(snapshot({}), false, false)).toBeNull();
    expect(saveStatus(snapshot({ status: 'reconnecting' }), false, false)).toBe('Offline — reconnecting…');
  });
});
