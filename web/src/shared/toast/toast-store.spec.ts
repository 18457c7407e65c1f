import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { TOAST_REMOVE_DELAY_MS } from '../ui-constants';
import { ToastStore } from './toast-store';

describe('ToastStore (docs/product.md §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps a dismissed toast, hidden, for 1,000,000 ms, then removes it', () => {
    const store = new ToastStore();
    store.add({ key: 'a', title: 'Saved', kind: 'success' });
    store.dismiss('a');
    expect(store.list()).toEqual([{ key: 'a', title: 'Saved', kind: 'success', open: false }]);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.list()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.list()).toEqual([]);
  });

  it('opens a toast shown again before its removal and keeps it', () => {
    const store = new ToastStore();
    store.add({ key: 'a', title: 'Error', kind: 'error' });
    store.dismiss('a');
    store.add({ key: 'a', title: 'Error', kind: 'error' });
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.list()).toEqual([{ key: 'a', title: 'Error', kind: 'error', open: true }]);
  });
});
