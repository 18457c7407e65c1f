import { describe, expect, it } from '@jest/globals';
import { mergeEdit } from './merge-edit.js';

describe('mergeEdit (docs/decisions/0035-edits-merge.md)', () => {
  const base = '# Plan\n\nIntro.\n\n## Goals\nFast.\n';

  it('is the edit itself when nobody changed the text since its base', () => {
    expect(mergeEdit(base, base, '# Plan\n')).toEqual({ content: '# Plan\n', unapplied: [] });
  });

  it('keeps changes to different passages from both', () => {
    const people = '# Plan\n\nIntro, by a person.\n\n## Goals\nFast.\n';
    const edit = '# Plan\n\nIntro.\n\n## Goals\nFast and safe.\n';
    expect(mergeEdit(people, base, edit)).toEqual({ content: '# Plan\n\nIntro, by a person.\n\n## Goals\nFast and safe.\n', unapplied: [] });
  });

  it('keeps both additions at the same place, the people’s first', () => {
    expect(mergeEdit(`${base}People's line.\n`, base, `${base}## AI\n`).content).toBe(`${base}People's line.\n## AI\n`);
  });

  it('keeps the people’s text of a passage both changed and returns the edit’s version of it', () => {
    const people = '# Plan\n\nIntro by a person.\n\n## Goals\nFast.\n';
    const edit = '# Plan\n\nIntro by the AI.\n\n## Goals\nFast.\n';
    expect(mergeEdit(people, base, edit)).toEqual({ content: people, unapplied: [{ kept: 'Intro by a person.\n', suggested: 'Intro by the AI.\n' }] });
  });

  it('treats a last line without its line break like any other line', () => {
    expect(mergeEdit('A\n\nB, typed', 'A\n\nB', 'A by the AI\n\nB')).toEqual({ content: 'A by the AI\n\nB, typed', unapplied: [] });
  });

  it('merges changes at both ends of a long document whose lines repeat, keeping each once', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => (i % 4 === 3 ? '\n' : `- Item ${i % 7}\n`));
    const longBase = lines.join('');
    const people = `People at the top.\n${lines.slice(0, -5).join('')}People near the end.\n${lines.slice(-5).join('')}`;
    const edit = `${lines.slice(0, 10).join('')}AI near the start.\n${lines.slice(10).join('')}## AI section\n`;
    const merged = mergeEdit(people, longBase, edit);
    expect(merged.unapplied).toEqual([]);
    expect(merged.content).toBe(
      `People at the top.\n${lines.slice(0, 10).join('')}AI near the start.\n${lines.slice(10, -5).join('')}People near the end.\n${lines.slice(-5).join('')}## AI section\n`,
    );
  });

  it('takes a change both made alike once, and reports a clash inside a group of several hunks', () => {
    const text = 'A\nB\nC\nD\nE\n';
    expect(mergeEdit('A\nB2\nC\nD\nE\n', text, 'A\nB2\nC\nD\nE\n').content).toBe('A\nB2\nC\nD\nE\n');
    const merged = mergeEdit('A\nB1\nC\nD\nE\n', text, 'A\nB\nC2\nD\nE\n');
    expect(merged).toEqual({ content: 'A\nB1\nC\nD\nE\n', unapplied: [{ kept: 'B1\nC\n', suggested: 'B\nC2\n' }] });
  });
});
