/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { perFrame } from './per-frame';

/** Resolves in the next frame, after the callbacks asked for before it (frames run them in order). */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

describe('perFrame', () => {
  it('applies only the last of several values set before a frame, once, at that frame', async () => {
    const applied: string[] = [];
    const text = perFrame((value: string) => applied.push(value));
    text.set('a');
    text.set('ab');
    text.set('abc');
    expect(applied).toEqual([]);
    await nextFrame();
    expect(applied).toEqual(['abc']);
    await nextFrame();
    expect(applied).toEqual(['abc']);
    text.set('abcd');
    await nextFrame();
    expect(applied).toEqual(['abc', 'abcd']);
  });

  it('flush applies a pending value at once and not again at the frame; with nothing pending it applies nothing', async () => {
    const applied: string[] = [];
    const text = perFrame((value: string) => applied.push(value));
    text.set('done');
    text.flush();
    expect(applied).toEqual(['done']);
    await nextFrame();
    text.flush();
    expect(applied).toEqual(['done']);
  });

  it('cancel drops a pending value', async () => {
    const applied: string[] = [];
    const text = perFrame((value: string) => applied.push(value));
    text.set('dropped');
    text.cancel();
    await nextFrame();
    text.flush();
    expect(applied).toEqual([]);
  });
});
