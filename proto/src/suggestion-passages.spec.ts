import { describe, expect, it } from '@jest/globals';
import { changedPassages } from './suggestion-passages.js';
import { locatePassage, QUOTE_CONTEXT_MAX } from './text-quote.js';

/** docs/decisions/0041-suggestions.md: an edit of a whole document as suggestions, one per changed hunk, each locatable again. */
describe('changedPassages', () => {
  const current = '# Plan\n\nIntro.\n\n## Goals\n- fast\n\n## Risks\nNone.\n';

  it('quotes each changed hunk with its context, and a pure insertion as an empty quote between its context', () => {
    const proposed = '# Plan\n\nIntro, shorter.\n\n## Goals\n- fast\n- safe\n\n## Risks\nNone.\n';
    const passages = changedPassages(current, proposed);
    expect(passages.map((p) => [p.quote.exact, p.replacement])).toEqual([
      ['Intro.\n', 'Intro, shorter.\n'],
      ['', '- safe\n'],
    ]);
    expect(passages[1]!.quote).toEqual({ exact: '', prefix: '# Plan\n\nIntro.\n\n## Goals\n- fast\n', suffix: '\n## Risks\nNone.\n' });
    // Applied at their located places, back to front, they give the proposed text.
    let text = current;
    for (const p of [...passages].reverse()) {
      const at = locatePassage(text, p.quote)!;
      text = text.slice(0, at.start) + p.replacement + text.slice(at.end);
    }
    expect(text).toBe(proposed);
  });

  it('bounds the context and finds nothing to suggest in the same text', () => {
    const long = `${'word '.repeat(200)}\nold line\n${'more '.repeat(200)}`;
    const [passage] = changedPassages(long, long.replace('old line', 'new line'));
    expect(passage!.quote.prefix).toHaveLength(QUOTE_CONTEXT_MAX);
    expect(passage!.quote.suffix).toHaveLength(QUOTE_CONTEXT_MAX);
    expect(changedPassages(current, current)).toEqual([]);
  });

  it('locates an insertion point only while its context is there', () => {
    expect(locatePassage('abc def', { exact: '', prefix: 'abc ', suffix: 'def' })).toEqual({ start: 4, end: 4 });
    expect(locatePassage('abc xyz', { exact: '', prefix: 'abc ', suffix: 'def' })).toBeNull();
  });
});
