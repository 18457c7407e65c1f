/** @jest-environment jsdom */
import '../../test/dom-setup';
import { describe, expect, it, jest } from '@jest/globals';
import { renderHook, waitFor } from '@testing-library/react';
import { useCodeChunk } from './use-code-chunk';

describe('useCodeChunk', () => {
  it('fetches nothing until wanted, then the module, which a later page has at once without fetching again', async () => {
    const module = { name: 'chat' };
    const load = jest.fn(() => Promise.resolve(module));
    const { result, rerender } = renderHook(({ wanted }) => useCodeChunk(load, wanted), { initialProps: { wanted: false } });
    expect(result.current).toEqual({ code: null, failed: false });
    expect(load).not.toHaveBeenCalled();

    rerender({ wanted: true });
    await waitFor(() => expect(result.current.code).toBe(module));
    expect(load).toHaveBeenCalledTimes(1);

    const later = renderHook(() => useCodeChunk(load, true));
    expect(later.result.current.code).toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the chunk cannot be fetched', async () => {
    const load = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const { result } = renderHook(() => useCodeChunk(load, true));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.code).toBeNull();
  });
});
