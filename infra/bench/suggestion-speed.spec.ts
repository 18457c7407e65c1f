import { describe, expect, test } from '@jest/globals';
import { firstDeltaIn, probePassage, withProbes } from './suggestion-speed.ts';

describe("the suggestion benchmark's document", () => {
  test('is at least the size asked for and holds each probe paragraph exactly once, spread through it', () => {
    const markdown = withProbes(100_000, 53);
    expect(Buffer.byteLength(markdown)).toBeGreaterThanOrEqual(100_000);
    for (let i = 0; i < 53; i++) expect(markdown.split(probePassage(i)).length - 1).toBe(1);
    // Spread: the first probe comes early, the last one well after the middle.
    expect(markdown.indexOf(probePassage(0))).toBeLessThan(markdown.length / 10);
    expect(markdown.indexOf(probePassage(52))).toBeGreaterThan(markdown.length / 2);
  });

  test('a probe is a paragraph of its own, never inside another probe', () => {
    const markdown = withProbes(20_000, 12);
    expect(markdown).toContain(`\n\n${probePassage(1)}\n\n`);
    expect(probePassage(11)).not.toContain(probePassage(1));
  });
});

describe('the first delta of a Server-Sent Events body', () => {
  test('is the moment of the chunk that completed the `event: delta` line, even split across chunks', () => {
    const chunks = [
      { at: 1, text: ': connected\n\n' },
      { at: 2, text: 'event: del' },
      { at: 3, text: 'ta\ndata: {"content":"The"}\n\n' },
      { at: 4, text: 'event: delta\ndata: {"content":"The new"}\n\n' },
    ];
    expect(firstDeltaIn(chunks)).toEqual({ at: 3, error: null });
  });

  test('is null for a stream without one, and an error event is reported', () => {
    expect(firstDeltaIn([{ at: 1, text: 'event: done\ndata: {}\n\n' }])).toEqual({ at: null, error: null });
    expect(firstDeltaIn([{ at: 1, text: 'event: error\ndata: {"status":409}\n\n' }]).error).toContain('"status":409');
  });
});
