import { findSection, normalizeHeading, parseSections, plainText, renderSections } from '../offline/markdown-sections.js';

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

/** The first sentence of the template's guidance for a section. */
const pendingHint = (section: TemplateSection): string => section.guidance.split(/(?<=[.!?])\s+/)[0] ?? '';

function pendingBody(section: TemplateSection): string {
  return `${PENDING_PREFIX} ${pendingHint(section) || section.heading.toLowerCase()}_`.replace(/__$/, '_');
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

const OPEN_QUESTIONS = 'open questions';

/**
 * The finished document: sections still unanswered leave the body and are listed, with what the
 * template asked there, under "Open Questions" at the end (the template's own such section, if any).
 */
export function openQuestionsDocument(content: string, sections: TemplateSection[]): string {
  const unanswered = sections.filter((s) => !isSectionFilled(content, s));
  if (!unanswered.length) return content;
  const doc = parseSections(content);
  const gone = new Set(unanswered.map((s) => normalizeHeading(s.heading)));
  const listed = unanswered.filter((s) => normalizeHeading(s.heading) !== OPEN_QUESTIONS);
  const kept = doc.sections.filter((s) => !gone.has(normalizeHeading(s.heading)) || normalizeHeading(s.heading) === OPEN_QUESTIONS);
  if (listed.length) {
    const items = listed.map((s) => `- **${s.heading}:** ${pendingHint(s) || 'still to be decided.'}`).join('\n');
    const own = kept.find((s) => normalizeHeading(s.heading) === OPEN_QUESTIONS);
    if (own) own.body = own.body.startsWith(PENDING_PREFIX) ? items : `${own.body}\n\n${items}`.trim();
    else kept.push({ heading: 'Open Questions', body: items });
  }
  return renderSections({ ...doc, sections: kept.filter((s) => s.body && !s.body.startsWith(PENDING_PREFIX)) });
}

/** A flow is complete when its interview ended (offline: past the last step) or every section is filled. */
export function isFlowComplete(content: string, sections: TemplateSection[], step: number): boolean {
  return step >= sections.length || unfilledSections(content, sections).length === 0;
}
