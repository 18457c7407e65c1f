import { describe, expect, it } from '@jest/globals';
import { TEMPLATE_PREVIEW_CHARS, TEMPLATES_PAGE_SIZE } from './constants.js';
import { TEMPLATE_ICONS } from './templates.js';
import { TEMPLATE_CATALOGUE } from './template-catalogue.js';

/** The `## ` sections of a template and the lines of each section's body. */
function sections(content: string): { heading: string; body: string[] }[] {
  const result: { heading: string; body: string[] }[] = [];
  for (const line of content.split('\n')) {
    if (line.startsWith('## ')) result.push({ heading: line.slice(3).trim(), body: [] });
    else if (line.trim()) {
      const current = result.at(-1);
      if (!current) throw new Error(`text before the first section: ${line}`);
      current.body.push(line);
    }
  }
  return result;
}

describe('the template catalogue', () => {
  it('has more templates than one gallery page', () => {
    expect(TEMPLATE_CATALOGUE.length).toBeGreaterThanOrEqual(24);
    expect(TEMPLATE_CATALOGUE.length).toBeGreaterThan(TEMPLATES_PAGE_SIZE);
  });

  it('has exactly one default, the full PRD, shown first', () => {
    const defaults = TEMPLATE_CATALOGUE.filter((t) => t.isDefault);
    expect(defaults.map((t) => t.slug)).toEqual(['product-requirements-document']);
    expect(TEMPLATE_CATALOGUE[0]?.isDefault).toBe(true);
  });

  it('uses only icons from the list, and every one of them', () => {
    const icons = new Set(TEMPLATE_CATALOGUE.map((t) => t.icon));
    for (const icon of icons) expect(TEMPLATE_ICONS).toContain(icon);
    expect([...icons].sort()).toEqual([...TEMPLATE_ICONS].sort());
  });

  it('has unique slugs and names', () => {
    expect(new Set(TEMPLATE_CATALOGUE.map((t) => t.slug)).size).toBe(TEMPLATE_CATALOGUE.length);
    expect(new Set(TEMPLATE_CATALOGUE.map((t) => t.name)).size).toBe(TEMPLATE_CATALOGUE.length);
  });

  it('covers the kinds of product work the issue names', () => {
    const slugs = TEMPLATE_CATALOGUE.map((t) => t.slug);
    for (const slug of [
      'one-page-prd',
      'product-requirements-document',
      'feature-specification',
      'technical-prd',
      'user-persona',
      'user-stories',
      'jobs-to-be-done',
      'brainstorming-session',
      'competitive-analysis',
      'launch-plan',
      'experiment-brief',
      'product-roadmap',
      'release-notes',
      'api-specification',
      'incident-post-mortem',
    ]) {
      expect(slugs).toContain(slug);
    }
  });

  it.each(TEMPLATE_CATALOGUE.map((t) => [t.name, t] as const))('%s has a name, description, category and guided sections', (_name, template) => {
    expect(template.name.trim()).not.toBe('');
    expect(template.description.length).toBeGreaterThan(30);
    expect(template.category.trim()).not.toBe('');
    const found = sections(template.content);
    expect(found.length).toBeGreaterThanOrEqual(5);
    expect(new Set(found.map((s) => s.heading)).size).toBe(found.length);
    for (const section of found) {
      expect(section.body.length).toBeGreaterThan(0);
      // Every body line is guidance for the writer: italic or a blockquote, nothing to leave in a finished document.
      for (const line of section.body) expect(line).toMatch(/^(_[^_]+_|> \S.*)$/);
    }
    expect(template.content.length).toBeGreaterThan(TEMPLATE_PREVIEW_CHARS);
  });
});
