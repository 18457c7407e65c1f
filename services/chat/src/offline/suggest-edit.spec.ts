import { describe, expect, it } from '@jest/globals';
import { CANNOT_FOLLOW, DETAIL_PROMPT, METRIC_PLACEHOLDER, presetOf, suggestEdit } from './suggest-edit.js';

/** The offline assistant's presets for "Ask AI" (docs/decisions/0041-suggestions.md): deterministic, and never a made-up change. */
describe('offline suggestions', () => {
  it('Fix spelling and grammar: misspellings of its list, doubled words, spacing, sentence capitals and "i"', () => {
    expect(suggestEdit('teh team will recieve the the report.We ship it  tomorrow , i think. next week we measure.', 'Fix spelling and grammar').replacement).toBe(
      'The team will receive the report. We ship it tomorrow, I think. Next week we measure.',
    );
  });

  it('keeps markdown markers and code, and leaves abbreviations and correct text alone', () => {
    expect(suggestEdit('## teh goals\n- wich users\n```\nteh code\n```\n', 'Fix spelling and grammar').replacement).toBe('## The goals\n- Which users\n```\nteh code\n```\n');
    expect(suggestEdit('Use cards, e.g. visa.', 'Fix spelling and grammar')).toEqual({ replacement: null, note: expect.stringMatching(/no misspelling/) });
  });

  it('Shorten: drops filler words, wordy phrases, asides in parentheses and a sentence said twice', () => {
    expect(suggestEdit('We really just need to basically reduce latency in order to keep users (as discussed last week). We need it. We need it.', 'Shorten').replacement).toBe(
      'We need to reduce latency to keep users. We need it.',
    );
    expect(suggestEdit('Ship it.', 'Shorten').replacement).toBeNull();
  });

  it('Make it measurable: a metric placeholder where a statement has no number, none where it has', () => {
    expect(suggestEdit('- Reduce checkout drop-off.\n- Cut load time to 2 s.\n', 'Make it measurable').replacement).toBe(
      `- Reduce checkout drop-off ${METRIC_PLACEHOLDER}.\n- Cut load time to 2 s.\n`,
    );
    expect(suggestEdit('Cut load time to 2 s.', 'Make it measurable')).toEqual({ replacement: null, note: 'Every statement here already has a number.' });
  });

  it('Expand: a sentence asking for detail after a paragraph, a new item after a list', () => {
    expect(suggestEdit('Users want faster checkout.', 'Expand').replacement).toBe(`Users want faster checkout. ${DETAIL_PROMPT}`);
    expect(suggestEdit('1. one\n2. two\n', 'Expand').replacement).toBe(`1. one\n2. two\n3. ${DETAIL_PROMPT}\n`);
  });

  it('Improve writing: the safe fixes together', () => {
    expect(suggestEdit('We basically recieve alot of tickets.', 'Improve writing').replacement).toBe('We receive a lot of tickets.');
  });

  it('answers a free instruction it cannot follow with a note and no change, and recognises plain words for its presets', () => {
    expect(suggestEdit('Some text', 'Translate this to French')).toEqual({ replacement: null, note: CANNOT_FOLLOW });
    expect(presetOf('fix the typos please')).toBe('Fix spelling and grammar');
    expect(presetOf('make it shorter')).toBe('Shorten');
    expect(presetOf('add metrics')).toBe('Make it measurable');
    expect(presetOf('shorten')).toBe('Shorten');
  });
});
