/** @jest-environment jsdom */
import '../../test/dom-setup';
import { describe, expect, it } from '@jest/globals';
import { renderHook, waitFor } from '@testing-library/react';
import { useAfterPaint } from './use-after-paint';

describe('useAfterPaint', () => {
  it('is false in the render that shows something and turns true after the next frame, only once ready', async () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), { initialProps: { ready: false } });
    expect(result.current).toBe(false);
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    expect(result.current).toBe(false);

    rerender({ ready: true });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });
});
