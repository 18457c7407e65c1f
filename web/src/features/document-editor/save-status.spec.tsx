/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import type { LiveDocument, LiveSnapshot } from './live-document';
import { SaveStatus, saveStatus } from './save-status';

afterEach(cleanup);

const snapshot = (change: Partial<LiveSnapshot>): LiveSnapshot => ({
  status: 'live',
  synced: true,
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
    expect(saveStatus(snapshot({ status: 'connecting', synced: false }), true, true)).toBeNull();
  });

  it('tells a reader only that the connection is down', () => {
    expect(saveStatus(snapshot({}), false, false)).toBeNull();
    expect(saveStatus(snapshot({ status: 'reconnecting' }), false, false)).toBe('Offline — reconnecting…');
  });
});

/** A live document whose "edits await the server" flag the test flips, telling its listeners as the provider does. */
function liveDocument() {
  let unsynced = false;
  const listeners = new Set<() => void>();
  const live = {
    subscribeUnsynced: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getUnsynced: () => unsynced,
  } as unknown as LiveDocument;
  const flip = (value: boolean) => {
    unsynced = value;
    for (const listener of listeners) listener();
  };
  return { live, flip, listeners };
}

describe('SaveStatus', () => {
  it('follows each edit to the server and back without a React render, which would walk the focused editor', () => {
    const { live, flip, listeners } = liveDocument();
    let commits = 0;
    const { unmount } = render(
      <Profiler id="status" onRender={() => (commits += 1)}>
        <SaveStatus live={live} snapshot={snapshot({})} canType />
      </Profiler>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Saved');
    const rendered = commits;
    act(() => flip(true));
    expect(status.textContent).toBe('Saving…');
    act(() => flip(false));
    expect(status.textContent).toBe('Saved');
    expect(commits).toBe(rendered);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('shows the connection going down when the snapshot says so', () => {
    const { live } = liveDocument();
    const { rerender } = render(<SaveStatus live={live} snapshot={snapshot({})} canType />);
    rerender(<SaveStatus live={live} snapshot={snapshot({ status: 'reconnecting' })} canType />);
    expect(screen.getByRole('status').textContent).toBe('Offline — your changes are kept and will sync');
  });
});
