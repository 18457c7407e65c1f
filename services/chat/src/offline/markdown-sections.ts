import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';

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

/** GFM (tables, task lists) so that a `## ` inside a table cell or code block is never taken for a heading. */
const GFM = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

/** The top-level headings of the given depth, with where they start and end in the text. */
function headings(markdown: string, depth: number): { text: string; start: number; end: number }[] {
  const found: { text: string; start: number; end: number }[] = [];
  for (const node of fromMarkdown(markdown, GFM).children) {
    if (node.type !== 'heading' || node.depth !== depth) continue;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) found.push({ text: toString(node).trim(), start, end });
  }
  return found;
}

/** The last documents split: an interview turn asks about the same text once per section. */
const recent = new Map<string, SectionedDocument>();
const RECENT_MAX = 8;

/** Splits markdown at its level-2 headings (as the mdast parser reads them: not inside code, quotes or lists). */
export function parseSections(markdown: string): SectionedDocument {
  let parsed = recent.get(markdown);
  if (!parsed) {
    const text = markdown.replace(/\r\n?/g, '\n');
    const found = headings(text, 2);
    parsed = {
      preamble: text.slice(0, found[0]?.start ?? text.length).trim(),
      sections: found.map((h, i) => ({ heading: h.text, body: text.slice(h.end, found[i + 1]?.start ?? text.length).trim() })),
    };
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(markdown, parsed);
  }
  // A copy: callers edit the sections they get.
  return { preamble: parsed.preamble, sections: parsed.sections.map((section) => ({ ...section })) };
}

/** Joins a sectioned document back into markdown with one blank line between blocks. */
export function renderSections(doc: SectionedDocument): string {
  const parts = doc.preamble ? [doc.preamble] : [];
  for (const s of doc.sections) parts.push(s.body ? `## ${s.heading}\n\n${s.body}` : `## ${s.heading}`);
  return `${parts.join('\n\n')}\n`;
}

/** The document's `# ` title, if its preamble has one. */
export function documentTitle(markdown: string): string | null {
  return headings(parseSections(markdown).preamble, 1)[0]?.text ?? null;
}

/** Sets (or adds) the `# ` title line of the preamble. */
export function withTitle(markdown: string, title: string): string {
  const doc = parseSections(markdown);
  const h1 = headings(doc.preamble, 1)[0];
  const preamble = h1 ? `${doc.preamble.slice(0, h1.start)}# ${title}${doc.preamble.slice(h1.end)}` : `# ${title}\n\n${doc.preamble}`;
  return renderSections({ ...doc, preamble: preamble.trim() });
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
  const clean = (items: string[]) =>
    items
      .map((s) =>
        s
          .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '')
          .trim()
          .replace(/[;,]$/, '')
          .trim(),
      )
      .filter(Boolean);
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
