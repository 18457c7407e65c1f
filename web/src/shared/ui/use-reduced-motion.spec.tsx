/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useReducedMotion } from './use-reduced-motion';

const original = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;

/** A system setting the test can change, answering only the reduced-motion query. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const setting = { reduce };
  const matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && setting.reduce;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  // The test set-up defines matchMedia as a configurable, read-only property.
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
  return {
    listeners,
    change(to: boolean) {
      setting.reduce = to;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  Object.defineProperty(window, 'matchMedia', original);
});

describe('useReducedMotion', () => {
  it('reads the system setting and follows a change of it while mounted, then stops listening', () => {
    const system = systemSetting(true);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);

    act(() => system.change(false));
    expect(result.current).toBe(false);
    act(() => system.change(true));
    expect(result.current).toBe(true);

    unmount();
    expect(system.listeners.size).toBe(0);
  });

  it('is false where nobody asked for less motion', () => {
    systemSetting(false);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(false);
  });
});
