import { describe, expect, it } from '@jest/globals';
import { documentTitle, normalizeHeading, parseSections, plainText, renderSections, splitItems, withTitle, wordCount } from './markdown-sections.js';

describe('markdown sections', () => {
  it('splits a document at level-2 headings and keeps the title in the preamble', () => {
    const doc = parseSections('# Title\nIntro\n\n## One\nA\n### Sub\nB\n## Two\n\nC\n');
    expect(doc.preamble).toBe('# Title\nIntro');
    expect(doc.sections).toEqual([
      { heading: 'One', body: 'A\n### Sub\nB' },
      { heading: 'Two', body: 'C' },
    ]);
  });

  it('ignores heading-like lines inside code fences', () => {
    const doc = parseSections('## Real\n```\n## fake\n```\n');
    expect(doc.sections.map((s) => s.heading)).toEqual(['Real']);
  });

  it('reads headings as markdown does: setext, closing hashes and emphasis, not inside quotes, lists or tables', () => {
    const doc = parseSections('Intro\n\nGoals\n-----\nA\n\n## **Risks** ##\n> ## quoted\n- ## listed\n\n| a |\n|---|\n| ## cell |\n');
    expect(doc.preamble).toBe('Intro');
    expect(doc.sections.map((s) => s.heading)).toEqual(['Goals', 'Risks']);
    expect(doc.sections[1]!.body).toBe('> ## quoted\n- ## listed\n\n| a |\n|---|\n| ## cell |');
  });

  it('renders what it parsed without losing sections', () => {
    const text = '# T\n\n## A\n\nx\n\n## B\n\ny\n';
    expect(renderSections(parseSections(text))).toBe(text);
  });

  it('reads and rewrites the document title', () => {
    expect(documentTitle('# Old\n\n## A\nx')).toBe('Old');
    expect(documentTitle(withTitle('# Old\n\n## A\nx', 'New'))).toBe('New');
    expect(documentTitle(withTitle('## A\nx', 'Added'))).toBe('Added');
  });

  it('compares headings without numbering, case or punctuation', () => {
    expect(normalizeHeading('2. Goals & Motivations')).toBe(normalizeHeading('goals motivations'));
  });

  it('reduces markdown to plain text and counts words', () => {
    expect(plainText('- **Bold** [link](http://x)')).toBe('Bold link');
    expect(wordCount('## Heading\n- one two')).toBe(3);
  });

  it('splits answers into list items by lines, semicolons or sentences', () => {
    expect(splitItems('- a\n- b')).toEqual(['a', 'b']);
    expect(splitItems('a; b; c')).toEqual(['a', 'b', 'c']);
    expect(splitItems('First thing. Second thing.')).toEqual(['First thing.', 'Second thing.']);
    expect(splitItems('just one')).toEqual(['just one']);
  });
});
