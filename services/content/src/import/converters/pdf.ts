import { extractTextItems, getDocumentProxy, type StructuredTextItem } from 'unpdf';

interface Line {
  text: string;
  size: number;
  y: number;
  page: number;
}

/** Heading levels start this much above the body text's size. */
const HEADING_RATIO = 1.15;
/** Longer lines are body text whatever their size. */
const HEADING_MAX_CHARS = 120;

/** A page's text items as lines, top to bottom, each with its largest font size. */
function linesOf(items: StructuredTextItem[], page: number): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const size = Math.round(item.fontSize * 10) / 10;
    if (current && Math.abs(item.y - current.y) > Math.max(size, current.size) / 2) {
      lines.push(current);
      current = null;
    }
    if (!current) current = { text: '', size: 0, y: item.y, page };
    current.text += item.str;
    if (item.str.trim()) current.size = Math.max(current.size, size);
    if (item.hasEOL) {
      lines.push(current);
      current = null;
    }
  }
  if (current) lines.push(current);
  return lines.map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim() })).filter((l) => l.text);
}

/** The size most of the text is set in (by characters). */
function bodySize(lines: Line[]): number {
  const chars = new Map<number, number>();
  for (const line of lines) chars.set(line.size, (chars.get(line.size) ?? 0) + line.text.length);
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/**
 * A PDF's text as markdown, best effort (a PDF keeps glyphs and positions, not structure): lines set
 * larger than the body text are headings (the largest size `#`, then `##`, `###`), lines with little
 * vertical gap between them join into paragraphs, a bullet character starts a list item.
 */
export async function pdfToMarkdown(data: Uint8Array): Promise<string> {
  // Errors only: pdf.js warns on the console about every repair it makes to a damaged file.
  const pdf = await getDocumentProxy(data, { verbosity: 0 });
  try {
    const { items } = await extractTextItems(pdf);
    const lines = items.flatMap((page, i) => linesOf(page, i));
    const body = bodySize(lines);
    const headingSizes = [...new Set(lines.filter((l) => l.size >= body * HEADING_RATIO).map((l) => l.size))].sort((a, b) => b - a);
    const blocks: string[] = [];
    let paragraph: (Line & { item?: boolean }) | null = null;
    let previous: Line | null = null;
    let listOpen = false;
    // A list's items go on consecutive lines, so they stay one list.
    const flush = () => {
      if (paragraph?.item && listOpen) blocks[blocks.length - 1] += `\n${paragraph.text}`;
      else if (paragraph) blocks.push(paragraph.text);
      if (paragraph) listOpen = !!paragraph.item;
      paragraph = null;
    };
    for (const line of lines) {
      const level = line.text.length <= HEADING_MAX_CHARS ? headingSizes.indexOf(line.size) : -1;
      const bullet = /^[•●▪◦‣∙·–-]\s+/.exec(line.text);
      if (level >= 0) {
        flush();
        blocks.push(`${'#'.repeat(Math.min(level + 1, 3))} ${line.text}`);
        listOpen = false;
      } else if (bullet) {
        flush();
        paragraph = { ...line, text: `- ${line.text.slice(bullet[0].length)}`, item: true };
      } else {
        const gap = previous && previous.page === line.page ? previous.y - line.y : Infinity;
        if (paragraph && gap <= line.size * 1.6) paragraph.text += ` ${line.text}`;
        else {
          flush();
          paragraph = { ...line };
        }
      }
      previous = line;
    }
    flush();
    return blocks.join('\n\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
}
