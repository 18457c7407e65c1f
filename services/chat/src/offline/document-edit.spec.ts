import { describe, expect, it } from '@jest/globals';
import { editDocument } from './document-edit.js';
import { parseSections } from './markdown-sections.js';

const DOC = { title: 'Checkout', content: '# Checkout\n\n## Problem\n\nThe form is slow.\n\n## User Stories\n\n- As a shopper, I want saved cards so that I pay faster.\n' };

describe('offline document chat', () => {
  it('adds a section with the given text', () => {
    const result = editDocument(DOC, 'Add a section called Risks: vendor delay; PCI review');
    expect(parseSections(result.content!).sections.at(-1)).toEqual({ heading: 'Risks', body: '- vendor delay\n- PCI review' });
    expect(result.reply).toContain('Added a **Risks** section');
  });

  it('refuses to add a section that already exists', () => {
    const result = editDocument(DOC, 'add a section called problem');
    expect(result.content).toBeNull();
  });

  it('replaces quoted text everywhere', () => {
    const result = editDocument(DOC, 'Replace "slow" with "too long: 14 fields"');
    expect(result.content).toContain('The form is too long: 14 fields.');
    expect(result.reply).toContain('1 occurrence');
  });

  it('says so when the text to replace is not there', () => {
    const result = editDocument(DOC, "replace 'missing words' with 'x'");
    expect(result.content).toBeNull();
    expect(result.reply).toContain('could not find');
  });

  it('renames the title', () => {
    const result = editDocument(DOC, 'Rename the title to One-tap Checkout');
    expect(result.title).toBe('One-tap Checkout');
    expect(result.content!.startsWith('# One-tap Checkout\n')).toBe(true);
  });

  it('appends a user story to the user stories section', () => {
    const result = editDocument(DOC, 'Append a user story: As an admin, I want refunds in one click so that support is faster');
    const stories = parseSections(result.content!).sections.find((s) => s.heading === 'User Stories')!;
    expect(stories.body.split('\n')).toHaveLength(2);
    expect(stories.body).toContain('- As an admin, I want refunds in one click');
  });

  it('creates the user stories section when the document has none', () => {
    const result = editDocument({ title: 'X', content: '# X\n\n## Problem\n\nY\n' }, 'add user story: exporting to CSV');
    expect(result.content).toContain('## User Stories\n\n- Exporting to CSV');
    expect(result.reply).toContain('As a <user>');
  });

  it('removes a named section', () => {
    const result = editDocument(DOC, 'Remove the Problem section');
    expect(parseSections(result.content!).sections.map((s) => s.heading)).toEqual(['User Stories']);
  });

  it('reviews the document when the request is not an edit', () => {
    const result = editDocument(DOC, 'What do you think of it?');
    expect(result.content).toBeNull();
    expect(result.reply).toContain('PRD rubric');
    expect(result.reply).toContain('"slow"');
  });
});
