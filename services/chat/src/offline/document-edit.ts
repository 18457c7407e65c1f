import { bulletList, capitalize, findSection, normalizeHeading, parseSections, renderSections, splitItems, withTitle } from './markdown-sections.js';
import { formatReview } from './review.js';

/** What the offline assistant did with a document-chat request. */
export interface DocumentEditResult {
  /** The new document, when the request was an edit that changed it. */
  content: string | null;
  /** The new title, when the request renamed the document. */
  title: string | null;
  reply: string;
}

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^["'“‘`]+|["'”’`.]+$/g, '')
    .trim();

/**
 * Applies a plain edit request (add a section, replace text, rename the title, append a user story,
 * remove a section) to the document; anything else gets a rubric review of the document.
 */
export function editDocument(document: { title: string; content: string }, request: string): DocumentEditResult {
  const text = request.trim();
  const rename =
    /^(?:please\s+)?(?:rename|retitle|change|set|update)\s+(?:the\s+)?(?:document\s+)?(?:title\s+)?(?:to|as)\s+(.+)$/i.exec(text) ??
    /^(?:please\s+)?(?:rename|retitle)\s+(?:the\s+)?(?:document|doc|title)\s+(?:to\s+)?(.+)$/i.exec(text);
  if (rename && /title|rename|retitle/i.test(text)) {
    const title = unquote(rename[1]!);
    if (title) return { content: withTitle(document.content, title), title, reply: `Renamed the document to **${title}**.` };
  }

  const replace =
    /^(?:please\s+)?(?:replace|change)\s+(["'“‘`])(.+?)["'”’`]\s+(?:with|to|by)\s+(["'“‘`])(.+?)["'”’`]\.?$/is.exec(text) ??
    /^(?:please\s+)?replace\s+(?:all\s+)?()(.+?)\s+with\s+()(.+?)\.?$/is.exec(text);
  if (replace) {
    const from = replace[2]!;
    const to = replace[4]!;
    const count = document.content.split(from).length - 1;
    if (count === 0)
      return { content: null, title: null, reply: `I could not find "${from}" in the document, so nothing changed. Check the exact wording (it is case-sensitive).` };
    return {
      content: document.content.split(from).join(to),
      title: null,
      reply: `Replaced "${from}" with "${to}" (${count} occurrence${count === 1 ? '' : 's'}).`,
    };
  }

  const story = /^(?:please\s+)?(?:add|append|include)\s+(?:a\s+|another\s+|this\s+)?(?:new\s+)?user\s+story[:\s-]*(.+)$/is.exec(text);
  if (story) {
    const item = capitalize(unquote(story[1]!).replace(/^that\s+/i, ''));
    const doc = parseSections(document.content);
    let section = doc.sections.find((s) => /user stor|stories/i.test(s.heading));
    if (!section) doc.sections.push((section = { heading: 'User Stories', body: '' }));
    section.body = section.body ? `${section.body}\n- ${item}` : `- ${item}`;
    const hint = /^as an?\b/i.test(item) ? '' : ' Tip: phrase stories as "As a <user>, I want <action>, so that <benefit>".';
    return { content: renderSections(doc), title: null, reply: `Added the user story to **${section.heading}**.${hint}` };
  }

  const add =
    /^(?:please\s+)?(?:add|create|insert|append)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?section\s+(?:called|named|titled|for|about|on)?\s*(.+?)(?:\s*(?::|\bwith(?:\s+the)?\s+(?:text|content)\b|\bsaying\b)\s*([\s\S]+))?$/i.exec(
      text,
    );
  if (add) {
    const heading = capitalize(unquote(add[1]!));
    const doc = parseSections(document.content);
    if (findSection(doc, heading)) return { content: null, title: null, reply: `The document already has a **${heading}** section; tell me what to change in it.` };
    const given = add[2]?.trim();
    const items = given ? splitItems(given) : [];
    const body = !given ? `_Write the ${heading.toLowerCase()} here._` : items.length > 1 ? bulletList(items) : capitalize(given);
    doc.sections.push({ heading, body });
    return { content: renderSections(doc), title: null, reply: `Added a **${heading}** section${given ? ' with your text' : ''}.` };
  }

  const remove = /^(?:please\s+)?(?:remove|delete|drop)\s+(?:the\s+)?(.+?)\s+section\.?$|^(?:please\s+)?(?:remove|delete|drop)\s+(?:the\s+)?section\s+(.+?)\.?$/i.exec(text);
  if (remove) {
    const heading = unquote(remove[1] ?? remove[2]!);
    const doc = parseSections(document.content);
    const wanted = normalizeHeading(heading);
    const kept = doc.sections.filter((s) => normalizeHeading(s.heading) !== wanted);
    if (kept.length === doc.sections.length) return { content: null, title: null, reply: `There is no section called "${heading}" in the document.` };
    return { content: renderSections({ ...doc, sections: kept }), title: null, reply: `Removed the **${heading}** section.` };
  }

  return {
    content: null,
    title: null,
    reply: [
      formatReview(document.content),
      '',
      'I can also edit the document directly: "add a section called Risks: …", "replace \'old\' with \'new\'", "rename the title to …", "append a user story: As a …", "remove the … section".',
    ].join('\n'),
  };
}
