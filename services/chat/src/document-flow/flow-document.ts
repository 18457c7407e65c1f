import { findSection, parseSections, plainText, renderSections } from '../offline/markdown-sections.js';

/** A `## ` section of a template: its heading and the guidance written under it. */
export interface TemplateSection {
  heading: string;
  guidance: string;
}

/** Marks a section the flow has not written yet. */
export const PENDING_PREFIX = '_To be completed:';

/** The template's `## ` sections; a template without any gets one "Overview" section. */
export function templateSections(templateContent: string): TemplateSection[] {
  const sections = parseSections(templateContent).sections.map((s) => ({ heading: s.heading, guidance: plainText(s.body).replace(/\s+/g, ' ').trim() }));
  return sections.length ? sections : [{ heading: 'Overview', guidance: plainText(templateContent).replace(/\s+/g, ' ').trim() }];
}

function pendingBody(section: TemplateSection): string {
  const hint = section.guidance.split(/(?<=[.!?])\s+/)[0] ?? '';
  return `${PENDING_PREFIX} ${hint || section.heading.toLowerCase()}_`.replace(/__$/, '_');
}

/** The document a flow starts from: the title, then every template section marked as still to be completed. */
export function initialFlowDocument(title: string, sections: TemplateSection[]): string {
  return renderSections({ preamble: `# ${title}`, sections: sections.map((s) => ({ heading: s.heading, body: pendingBody(s) })) });
}

/** A section counts as filled when it exists, has text, and is neither the pending marker nor the template's own guidance. */
export function isSectionFilled(content: string, section: TemplateSection): boolean {
  const found = findSection(parseSections(content), section.heading);
  if (!found) return false;
  const body = found.body.trim();
  if (!body || body.startsWith(PENDING_PREFIX)) return false;
  const text = plainText(body).replace(/\s+/g, ' ').trim();
  return text.length > 0 && text !== section.guidance;
}

export function unfilledSections(content: string, sections: TemplateSection[]): TemplateSection[] {
  return sections.filter((s) => !isSectionFilled(content, s));
}

/** Writes `body` under the section's heading, adding the section when the document lacks it. */
export function writeSection(content: string, heading: string, body: string): string {
  const doc = parseSections(content);
  const found = findSection(doc, heading);
  if (found) found.body = body;
  else doc.sections.push({ heading, body });
  return renderSections(doc);
}
