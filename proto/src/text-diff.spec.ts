import { describe, expect, it } from '@jest/globals';
import { diffLines, diffStats, sideBySide, type DiffLine } from './text-diff.js';

/** Applies a diff's kept and added lines: the result must be the new text. */
const after = (lines: DiffLine[]) =>
  lines
    .filter((l) => l.kind !== 'removed')
    .map((l) => l.text)
    .join('\n');
/** The kept and removed lines: the result must be the old text. */
const before = (lines: DiffLine[]) =>
  lines
    .filter((l) => l.kind !== 'added')
    .map((l) => l.text)
    .join('\n');

describe('diffLines', () => {
  it('marks nothing when the texts are equal', () => {
    const lines = diffLines('# A\n\nText', '# A\n\nText');
    expect(lines.every((l) => l.kind === 'same')).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('finds an added section between unchanged lines', () => {
    const lines = diffLines('# Plan\n## Goals\nShip it', '# Plan\n## Goals\nShip it\n\n## Risks\nDelays');
    expect(diffStats(lines)).toEqual({ added: 3, removed: 0 });
    expect(lines.filter((l) => l.kind === 'added').map((l) => l.text)).toEqual(['', '## Risks', 'Delays']);
  });

  it('finds a replaced line as one removal and one addition', () => {
    const lines = diffLines('a\nb\nc', 'a\nB\nc');
    expect(lines).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
    ]);
  });

  it('handles empty texts on either side', () => {
    expect(diffLines('', 'x\ny')).toEqual([
      { kind: 'added', text: 'x' },
      { kind: 'added', text: 'y' },
    ]);
    expect(diffLines('x', '')).toEqual([{ kind: 'removed', text: 'x' }]);
  });

  it('gives a minimal script that rebuilds both texts for scattered edits', () => {
    const oldText = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'].join('\n');
    const newText = ['zero', 'one', 'three', 'four', 'FIVE', 'six', 'seven', 'eight'].join('\n');
    const lines = diffLines(oldText, newText);
    expect(before(lines)).toBe(oldText);
    expect(after(lines)).toBe(newText);
    expect(diffStats(lines)).toEqual({ added: 3, removed: 2 });
  });
});

describe('sideBySide', () => {
  it('pairs a removed run with the added run after it and keeps unchanged lines on both sides', () => {
    const rows = sideBySide(diffLines('a\nb\nc\nd', 'a\nB\nC\nX\nd'));
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      ['c', 'C'],
      [null, 'X'],
      ['d', 'd'],
    ]);
  });
});

describe('diffLines on texts with little in common', () => {
  it('gives up on a minimal script beyond 4,000 edits: all old lines removed, then all new lines added', () => {
    const oldText = Array.from({ length: 2_500 }, (_, i) => `old ${i}`).join('\n');
    const newText = Array.from({ length: 2_500 }, (_, i) => `new ${i}`).join('\n');
    const lines = diffLines(oldText, newText);
    expect(diffStats(lines)).toEqual({ added: 2_500, removed: 2_500 });
    expect(lines[0]).toEqual({ kind: 'removed', text: 'old 0' });
    expect(lines[2_500]).toEqual({ kind: 'added', text: 'new 0' });
  });
});
