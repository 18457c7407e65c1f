import { describe, expect, it } from '@jest/globals';
import { budgetDocuments, budgetText } from './prompt-budget.js';

describe('prompt budget', () => {
  it('keeps everything, in order, when it fits', () => {
    const text = budgetDocuments(
      [
        { title: 'A', content: '# A\n\n## One\nfirst' },
        { title: 'B', content: '## Two\nsecond' },
      ],
      'anything',
      1_000,
    );
    expect(text.indexOf('first')).toBeLessThan(text.indexOf('second'));
    expect(text).not.toContain('not shown');
  });

  it('puts the relevant sections first, cuts the next one with a marker and counts the rest', () => {
    const documents = [
      { title: 'Notes', content: `## Intro\n${'a'.repeat(600)}\n\n## Misc\n${'b'.repeat(600)}\n\n## Other\n${'c'.repeat(600)}` },
      { title: 'Metrics', content: '## Retention\nWeekly retention target is 40 percent.' },
    ];
    const text = budgetDocuments(documents, 'What is the retention target?', 1_000);
    expect(text.startsWith('Document: Metrics\n## Retention\nWeekly retention target')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(1_100);
    expect(text).toMatch(/\[… \d+ more characters not shown/);
    expect(text).toMatch(/\[… 1 more sections not shown/);
  });

  it('cuts one text to the budget with the marker inside it', () => {
    const cut = budgetText('x'.repeat(5_000), 1_000);
    expect(cut.length).toBeLessThanOrEqual(1_000);
    expect(cut).toMatch(/\[… \d+ more characters not shown/);
    expect(budgetText('short', 1_000)).toBe('short');
  });
});
