/** A `## ` section of a markdown document: its heading text and everything under it up to the next `## `. */
export interface Section {
  heading: string;
  body: string;
}

/** A markdown document split at its level-2 headings; `preamble` holds the `# ` title and any intro. */
export interface SectionedDocument {
  preamble: string;
  sections: Section[];
}

const FENCE = /^\s*(```|~~~)/;
const H2 = /^##\s+(.+?)\s*#*\s*$/;
const H1 = /^#\s+(.+?)\s*#*\s*$/;

/** Splits markdown at `## ` headings outside code fences. */
export function parseSections(markdown: string): SectionedDocument {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const preamble: string[] = [];
  const sections: { heading: string; lines: string[] }[] = [];
  let inFence = false;
  for (const line of lines) {
    if (FENCE.test(line)) inFence = !inFence;
    const match = inFence ? null : H2.exec(line);
    if (match) sections.push({ heading: match[1]!.trim(), lines: [] });
    else if (sections.length) sections[sections.length - 1]!.lines.push(line);
    else preamble.push(line);
  }
  return {
    preamble: preamble.join('\n').trim(),
    sections: sections.map((s) => ({ heading: s.heading, body: s.lines.join('\n').trim() })),
  };
}

/** Joins a sectioned document back into markdown with one blank line between blocks. */
export function renderSections(doc: SectionedDocument): string {
  const parts = doc.preamble ? [doc.preamble] : [];
  for (const s of doc.sections) parts.push(s.body ? `## ${s.heading}\n\n${s.body}` : `## ${s.heading}`);
  return `${parts.join('\n\n')}\n`;
}

/** The document's `# ` title, if its preamble has one. */
export function documentTitle(markdown: string): string | null {
  for (const line of parseSections(markdown).preamble.split('\n')) {
    const match = H1.exec(line);
    if (match) return match[1]!.trim();
  }
  return null;
}

/** Sets (or adds) the `# ` title line of the preamble. */
export function withTitle(markdown: string, title: string): string {
  const doc = parseSections(markdown);
  const lines = doc.preamble ? doc.preamble.split('\n') : [];
  const at = lines.findIndex((l) => H1.test(l));
  if (at >= 0) lines[at] = `# ${title}`;
  else lines.unshift(`# ${title}`, '');
  return renderSections({ ...doc, preamble: lines.join('\n').trim() });
}

/** Heading comparison that ignores case, numbering, punctuation and emoji. */
export function normalizeHeading(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/^[\d.)\s]+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function findSection(doc: SectionedDocument, heading: string): Section | undefined {
  const wanted = normalizeHeading(heading);
  return doc.sections.find((s) => normalizeHeading(s.heading) === wanted);
}

/** Plain text of markdown: no emphasis markers, links reduced to their text, list markers removed. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/^#+\s+/gm, '')
    .replace(/[*_`|]+/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

export function wordCount(text: string): number {
  return (plainText(text).match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}

/** Splits an answer into list items: its own list lines, else lines, else `;`-separated parts, else sentences. */
export function splitItems(text: string): string[] {
  const clean = (items: string[]) => items.map((s) => s.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim().replace(/[;,]$/, '').trim()).filter(Boolean);
  const lines = clean(text.split('\n'));
  if (lines.length > 1) return lines;
  const parts = clean(text.split(/;\s*/));
  if (parts.length > 1) return parts;
  const sentences = clean(text.split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/));
  return sentences.length ? sentences : clean([text]);
}

export function bulletList(items: string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}

export function capitalize(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
