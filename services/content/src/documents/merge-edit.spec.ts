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
});
