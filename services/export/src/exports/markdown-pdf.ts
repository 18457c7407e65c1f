import type { AlignType, BlockContent, DefinitionContent, List, Nodes, PhrasingContent, RootContent, Table } from 'mdast';
import PDFDocument from 'pdfkit';
import type { PdfPageSize } from '@prd/proto';
import { linkAddress } from './link-address.js';
import { parseMarkdown } from './parse-markdown.js';
import { PageContent } from './pdf-content.js';
import { deflatePageContents } from './pdf-deflate.js';
import { PDF_FONTS, pdfFonts, type PdfFont } from './pdf-fonts.js';
import { fragments, wrap, type Line, type Span, type SpanStyle } from './pdf-lines.js';
import { writeText, writeWords } from './pdf-text.js';

/** Page sizes in points (1/72 inch). */
const PAGE_SIZES: Record<PdfPageSize, [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };
/** About 2 cm on every side; the page number sits in the bottom margin. */
const MARGIN = 56;
const BODY_SIZE = 10;
const CODE_SIZE = 8.5;
const TABLE_SIZE = 9.5;
const TITLE_SIZE = 22;
const HEADING_SIZES = [17, 14.5, 12.5, 11, 10.5, 10] as const;
const FOOTER_SIZE = 8;
/** Line height as a multiple of the font size. */
const LEADING = 1.45;
const PARAGRAPH_GAP = 6;
const LIST_ITEM_GAP = 2;
const LIST_INDENT = 18;
const QUOTE_INDENT = 14;
const CODE_PADDING = 5;
const CELL_PADDING = 4;
const BULLETS = ['•', '◦', '▪'] as const;
const CHECKBOX = { checked: '☑', unchecked: '☐' } as const;
const COLOR = {
  text: '#1f1f1f',
  quote: '#555555',
  link: '#0b57d0',
  quoteBar: '#bfbfbf',
  codeBackground: '#f3f4f6',
  headerBackground: '#f2f2f2',
  border: '#8c8c8c',
  footer: '#777777',
};

export interface PdfSource {
  title: string;
  markdown: string;
  size: PdfPageSize;
}

/** Control characters, which no font draws: left out (a tab or a line end inside a paragraph reads as a space). */
// eslint-disable-next-line no-control-regex -- finding the control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const inlineText = (text: string) => text.replace(/[\t\n\r]/g, ' ').replace(CONTROLS, '');

/** Character formatting inherited by the text inside emphasis, strong, delete and links. */
interface Inline {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  /** Inside a link: the address it opens, if it may be clickable. */
  link?: string;
  inLink?: boolean;
}

/** Where a block sits: its left edge, how many block quotes enclose it, its list level (-1 outside lists). */
interface Context {
  left: number;
  quote: number;
  listLevel: number;
}

/** The plain text of a node, as a reader sees it. */
function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if (node.type === 'image') return node.alt ?? '';
  if ('children' in node) return node.children.map((child: Nodes) => plainText(child)).join('');
  return '';
}

const fontOf = (fmt: Inline): PdfFont => (fmt.bold && fmt.italic ? 'boldItalic' : fmt.bold ? 'bold' : fmt.italic ? 'italic' : 'regular');

/** A run's link (drawn underlined) or strike-through, and the run's width in points, which our layout has measured. */
interface Decoration {
  width: number;
  link?: string;
  strike?: boolean;
}

/** Outline entries open at their heading's depth; a deeper heading nests under the last shallower one. */
interface OutlineLevel {
  depth: number;
  item: PDFKit.PDFOutline;
}

/** Lays out one PRD Studio document on pdfkit's pages: the title, then its markdown, construct by construct. */
class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  /** What this page draws, handed to pdfkit once the page is done (see pdf-content.ts). */
  private readonly content: PageContent;
  private readonly width: number;
  private readonly height: number;
  private readonly right: number;
  private readonly bottom: number;
  private y = MARGIN;
  /** Widths of words at 1 pt, per font: a document repeats most of its words. */
  private readonly widths = Object.fromEntries(PDF_FONTS.map((font) => [font, new Map<string, number>()])) as Record<PdfFont, Map<string, number>>;
  private readonly styles = new Map<string, SpanStyle>();
  private readonly outline: OutlineLevel[] = [];
  /** The fill colour last set on this page, so that it is set only when it changes. */
  private color: string | undefined;

  constructor(title: string, size: PdfPageSize) {
    [this.width, this.height] = PAGE_SIZES[size];
    this.right = this.width - MARGIN;
    this.bottom = this.height - MARGIN;
    this.doc = new PDFDocument({
      size: PAGE_SIZES[size],
      margin: 0,
      bufferPages: true,
      displayTitle: Boolean(title),
      info: { Title: title, Creator: 'PRD Studio' },
    });
    this.content = new PageContent(this.doc);
    const fonts = pdfFonts();
    // pdfkit's types know font files only; it takes a fontkit font as well.
    for (const font of PDF_FONTS) this.doc.registerFont(font, fonts[font] as unknown as Buffer);
  }

  title(title: string): void {
    const lines = wrap([{ text: title, style: this.style('bold', COLOR.text) }], this.right - MARGIN, this.measure(TITLE_SIZE));
    this.lines(lines, TITLE_SIZE, { left: MARGIN, quote: 0, listLevel: -1 });
    this.y += TITLE_SIZE * 0.6;
  }

  blocks(nodes: readonly (RootContent | BlockContent | DefinitionContent)[], ctx: Context): void {
    for (const node of nodes) this.block(node, ctx);
  }

  /** Page numbers on every page ("Page 2 of 9"), then the file. */
  finish(): Promise<Buffer> {
    this.content.flush();
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const label = `Page ${i + 1} of ${count}`;
      const x = (this.width - this.measure(FOOTER_SIZE)('regular', label)) / 2;
      this.doc
        .font('regular')
        .fontSize(FOOTER_SIZE)
        .fillColor(COLOR.footer)
        .text(label, x, this.height - MARGIN / 2 - FOOTER_SIZE, { lineBreak: false });
    }
    const chunks: Buffer[] = [];
    const file = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    deflatePageContents(this.doc);
    this.doc.end();
    return file;
  }

  private block(node: RootContent, ctx: Context): void {
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(this.inlines(node.children, {}, ctx), ctx);
      case 'heading':
        return this.heading(node.depth, node.children, ctx);
      case 'thematicBreak':
        return this.rule(ctx);
      case 'blockquote':
        return this.blocks(node.children, { ...ctx, left: ctx.left + QUOTE_INDENT, quote: ctx.quote + 1 });
      case 'list':
        return this.list(node, ctx);
      case 'code':
        return this.code(node.value, ctx);
      case 'html':
        // Raw HTML is shown as the source it is; comments are notes to the author and are left out.
        if (!node.value.trimStart().startsWith('<!--')) this.code(node.value, ctx);
        return;
      case 'table':
        return this.table(node, ctx);
      case 'footnoteDefinition':
        return this.footnote(node.label ?? node.identifier, node.children, ctx);
      default:
        // Nodes the parser does not produce (front matter, MDX, reference definitions) carry their text.
        return this.paragraph([{ text: plainText(node), style: this.textStyle({}, ctx) }], ctx);
    }
  }

  private paragraph(spans: Span[], ctx: Context, marker?: string, gap = ctx.listLevel >= 0 ? LIST_ITEM_GAP : PARAGRAPH_GAP): void {
    const lines = wrap(spans, this.right - ctx.left, this.measure(BODY_SIZE));
    if (lines.length === 0 && marker) lines.push({ words: [], width: 0 });
    this.lines(lines, BODY_SIZE, ctx, marker);
    if (lines.length > 0) this.y += gap;
  }

  /** Draws wrapped lines at the context's left edge, starting a page when one does not fit; a list marker goes before the first. */
  private lines(lines: readonly Line[], size: number, ctx: Context, marker?: string): void {
    const height = size * LEADING;
    lines.forEach((line, i) => {
      this.ensure(height);
      this.quoteBars(ctx, height);
      if (i === 0 && marker) {
        const width = this.measure(size)('regular', marker);
        this.text(marker, 'regular', size, COLOR.text, ctx.left - width - 5, this.y);
      }
      this.line(line, ctx.left, size);
      this.y += height;
    });
  }

  private line(line: Line, left: number, size: number, offset = 0): void {
    for (const fragment of fragments(line)) {
      const { font, color, link, strike } = fragment.style;
      const x = left + offset + fragment.x;
      this.pen(font, size, color);
      if (link || strike) this.decorate({ width: fragment.width, link, strike }, color, size, x, this.y);
      writeWords(this.content, fragment.parts, size, x, this.y);
    }
  }

  private text(text: string, font: PdfFont, size: number, color: string, x: number, y: number): void {
    this.pen(font, size, color);
    writeText(this.content, text, size, x, y);
  }

  /** The font and size the next run is drawn in, and its colour when that changes. */
  private pen(font: PdfFont, size: number, color: string): void {
    this.doc.font(font).fontSize(size);
    if (this.color !== color) {
      this.content.fillColor(color);
      this.color = color;
    }
  }

  /** A link's annotation and underline, or a strike-through line, where pdfkit's `text()` draws them. */
  private decorate({ width, link }: Decoration, color: string, size: number, x: number, y: number): void {
    const height = this.doc.currentLineHeight();
    const lineWidth = size < 10 ? 0.5 : Math.floor(size / 10);
    if (link) this.doc.link(x, y, width, height, link);
    const lineY = link ? y + height - lineWidth : y + height / 2;
    this.content.savedLine(x, lineY, x + width, lineY, lineWidth, color);
  }

  private fill(x: number, y: number, width: number, height: number, color: string): void {
    this.content.fillRect(x, y, width, height, color);
    this.color = color;
  }

  /** A new page when `height` more points do not fit on this one. */
  private ensure(height: number): void {
    if (this.y + height <= this.bottom || this.y === MARGIN) return;
    this.newPage();
  }

  /** The next page, this one's content handed to pdfkit first. */
  private newPage(): void {
    this.content.flush();
    this.doc.addPage();
    this.y = MARGIN;
    this.color = undefined;
  }

  /** The bars of the block quotes around a line, one per level. */
  private quoteBars(ctx: Context, height: number): void {
    for (let level = 0; level < ctx.quote; level++) this.fill(ctx.left - QUOTE_INDENT * (ctx.quote - level), this.y, 2.5, height, COLOR.quoteBar);
  }

  /** A heading starts no page on its own: it moves to the next page with the line after it. Each heading is a bookmark. */
  private heading(depth: number, children: readonly PhrasingContent[], ctx: Context): void {
    const size = HEADING_SIZES[depth - 1] ?? BODY_SIZE;
    if (this.y > MARGIN) this.y += size * 0.7;
    const lines = wrap(this.inlines(children, { bold: true }, ctx), this.right - ctx.left, this.measure(size));
    if (lines.length === 0) return;
    this.ensure(lines.length * size * LEADING + BODY_SIZE * LEADING);
    if (this.y + size * LEADING > this.bottom) this.ensure(this.bottom);
    this.bookmark(
      depth,
      plainText({ type: 'heading', depth: 1, children: [...children] })
        .replace(/\s+/g, ' ')
        .trim(),
    );
    this.lines(lines, size, ctx);
    this.y += size * 0.35;
  }

  private bookmark(depth: number, title: string): void {
    while (this.outline.length > 0 && this.outline.at(-1)!.depth >= depth) this.outline.pop();
    const parent = this.outline.at(-1)?.item ?? this.doc.outline;
    // pdfkit's destination: `top` from the page's top, `left` from its right edge (so the page's width is its left edge).
    const options = { expanded: true, fit: false, top: this.y, left: this.width };
    this.outline.push({ depth, item: parent.addItem(title || '(untitled)', options) });
  }

  private rule(ctx: Context): void {
    this.ensure(PARAGRAPH_GAP * 2);
    const y = this.y + PARAGRAPH_GAP;
    this.content.line(ctx.left, y, this.right, y, 0.75, COLOR.border);
    this.y += PARAGRAPH_GAP * 2;
  }

  private list(list: List, ctx: Context): void {
    const level = ctx.listLevel + 1;
    const inner: Context = { ...ctx, left: ctx.left + LIST_INDENT, listLevel: level };
    const start = list.start ?? 1;
    list.children.forEach((item, i) => {
      // A task's box takes the place of its bullet.
      const marker = item.checked != null ? (item.checked ? CHECKBOX.checked : CHECKBOX.unchecked) : list.ordered ? `${start + i}.` : BULLETS[level % BULLETS.length]!;
      const [first, ...rest] = item.children;
      const lead = first?.type === 'paragraph';
      this.paragraph(lead ? this.inlines(first.children, {}, inner) : [], inner, marker);
      this.blocks(lead ? rest : item.children, inner);
    });
    if (level === 0) this.y += PARAGRAPH_GAP - LIST_ITEM_GAP;
  }

  /** Monospace lines on a shaded band, cut where they are wider than the page (a code block keeps its spaces and line ends). */
  private code(code: string, ctx: Context): void {
    const height = CODE_SIZE * LEADING;
    const width = this.right - ctx.left;
    const perLine = Math.max(1, Math.floor((width - 2 * CODE_PADDING) / this.measure(CODE_SIZE)('mono', 'M')));
    const lines = code
      .replaceAll('\t', '    ')
      .replaceAll('\r', '')
      .replace(CONTROLS, '')
      .split('\n')
      .flatMap((line) => {
        const chars = [...line];
        if (chars.length <= perLine) return [line];
        return Array.from({ length: Math.ceil(chars.length / perLine) }, (_, i) => chars.slice(i * perLine, (i + 1) * perLine).join(''));
      });
    this.ensure(height + CODE_PADDING);
    this.fill(ctx.left, this.y, width, CODE_PADDING, COLOR.codeBackground);
    this.y += CODE_PADDING;
    for (const line of lines) {
      this.ensure(height);
      this.quoteBars(ctx, height);
      this.fill(ctx.left, this.y, width, height, COLOR.codeBackground);
      if (line.trim()) this.text(line, 'mono', CODE_SIZE, COLOR.text, ctx.left + CODE_PADDING, this.y);
      this.y += height;
    }
    this.fill(ctx.left, this.y, width, CODE_PADDING, COLOR.codeBackground);
    this.y += CODE_PADDING + PARAGRAPH_GAP;
  }

  private footnote(label: string, children: readonly (BlockContent | DefinitionContent)[], ctx: Context): void {
    const [first, ...rest] = children;
    const lead = first?.type === 'paragraph';
    this.paragraph([{ text: `[${label}] `, style: this.textStyle({}, ctx) }, ...(lead ? this.inlines(first.children, {}, ctx) : [])], ctx);
    this.blocks(lead ? rest : children, ctx);
  }

  /**
   * Equal columns across the width, every cell bordered, the header row shaded and bold and repeated
   * at the top of each page the table continues on. A row moves to the next page whole, unless it is
   * taller than a page, which is then cut between lines.
   */
  private table(table: Table, ctx: Context): void {
    const columns = Math.max(1, ...table.children.map((row) => row.children.length));
    const columnWidth = (this.right - ctx.left) / columns;
    const measure = this.measure(TABLE_SIZE);
    const rows = table.children.map((row, r) =>
      Array.from({ length: columns }, (_, c) => {
        const cell = row.children[c];
        return cell ? wrap(this.inlines(cell.children, r === 0 ? { bold: true } : {}, ctx), columnWidth - 2 * CELL_PADDING, measure) : [];
      }),
    );
    const lineHeight = TABLE_SIZE * LEADING;
    const heightOf = (cells: Line[][]) => Math.max(1, ...cells.map((lines) => lines.length)) * lineHeight + 2 * CELL_PADDING;
    const [header] = rows;
    const drawRow = (cells: Line[][], isHeader: boolean) => {
      const total = Math.max(1, ...cells.map((lines) => lines.length));
      let from = 0;
      while (from < total) {
        const fit = Math.max(1, Math.floor((this.bottom - this.y - 2 * CELL_PADDING) / lineHeight));
        const count = Math.min(total - from, fit);
        const height = count * lineHeight + 2 * CELL_PADDING;
        this.quoteBars(ctx, height);
        cells.forEach((lines, c) => {
          const x = ctx.left + c * columnWidth;
          if (isHeader) this.fill(x, this.y, columnWidth, height, COLOR.headerBackground);
          this.content.strokeRect(x, this.y, columnWidth, height, 0.5, COLOR.border);
          const align = table.align?.[c];
          lines.slice(from, from + count).forEach((line, i) => {
            const saved = this.y;
            this.y += CELL_PADDING + i * lineHeight;
            this.line(line, x + CELL_PADDING, TABLE_SIZE, offset(align, columnWidth - 2 * CELL_PADDING - line.width));
            this.y = saved;
          });
        });
        this.y += height;
        from += count;
        if (from < total) this.continueTable(isHeader ? undefined : header, drawRow);
      }
    };
    rows.forEach((cells, r) => {
      const isHeader = r === 0;
      const height = heightOf(cells) + (isHeader && rows[1] ? heightOf(rows[1]) : 0);
      const fresh = this.bottom - MARGIN - (isHeader || !header ? 0 : heightOf(header));
      if (this.y + height > this.bottom && height <= fresh) this.continueTable(isHeader ? undefined : header, drawRow);
      drawRow(cells, isHeader);
    });
    this.y += PARAGRAPH_GAP;
  }

  /** A new page for a table that goes on, with its header row again. */
  private continueTable(header: Line[][] | undefined, drawRow: (cells: Line[][], isHeader: boolean) => void): void {
    this.newPage();
    if (header) drawRow(header, true);
  }

  private measure(size: number): (font: PdfFont, text: string) => number {
    return (font, text) => {
      const cache = this.widths[font];
      let width = cache.get(text);
      if (width === undefined) {
        width = this.doc.font(font).fontSize(1).widthOfString(text);
        cache.set(text, width);
      }
      return width * size;
    };
  }

  /** One style object per distinct style, so that a line's words of one style are drawn in one call. */
  private style(font: PdfFont, color: string, link?: string, strike?: boolean): SpanStyle {
    const key = `${font}|${color}|${link ?? ''}|${strike ? 1 : 0}`;
    let style = this.styles.get(key);
    if (!style) {
      style = { font, color, ...(link ? { link } : {}), ...(strike ? { strike } : {}) };
      this.styles.set(key, style);
    }
    return style;
  }

  private textStyle(fmt: Inline, ctx: Context, font: PdfFont = fontOf(fmt)): SpanStyle {
    return this.style(font, fmt.link ? COLOR.link : ctx.quote > 0 ? COLOR.quote : COLOR.text, fmt.link, fmt.strike);
  }

  private inlines(nodes: readonly PhrasingContent[], fmt: Inline, ctx: Context): Span[] {
    return nodes.flatMap((node) => this.inline(node, fmt, ctx));
  }

  private inline(node: PhrasingContent, fmt: Inline, ctx: Context): Span[] {
    switch (node.type) {
      case 'text':
        // A line ending inside a paragraph is a soft break: it reads as a space.
        return [{ text: inlineText(node.value), style: this.textStyle(fmt, ctx) }];
      case 'emphasis':
        return this.inlines(node.children, { ...fmt, italic: true }, ctx);
      case 'strong':
        return this.inlines(node.children, { ...fmt, bold: true }, ctx);
      case 'delete':
        return this.inlines(node.children, { ...fmt, strike: true }, ctx);
      case 'inlineCode':
        return [{ text: inlineText(node.value), style: this.textStyle(fmt, ctx, 'mono') }];
      case 'break':
        return [{ text: null, style: this.textStyle(fmt, ctx) }];
      case 'link': {
        if (fmt.inLink) return this.inlines(node.children, fmt, ctx);
        const linked = { ...fmt, inLink: true, link: linkAddress(node.url) };
        const spans = this.inlines(node.children, linked, ctx);
        return spans.length > 0 ? spans : [{ text: node.url, style: this.textStyle(linked, ctx) }];
      }
      case 'image':
        return this.image(node.alt ?? '', node.url, fmt, ctx);
      case 'footnoteReference':
        return [{ text: `[${node.label ?? node.identifier}]`, style: this.textStyle(fmt, ctx) }];
      case 'html':
        return this.inlineHtml(node.value, fmt, ctx);
      default:
        return [{ text: plainText(node), style: this.textStyle(fmt, ctx) }];
    }
  }

  /** Images are not embedded (that would fetch them): their alt text, then their address as a link. */
  private image(alt: string, url: string, fmt: Inline, ctx: Context): Span[] {
    const spans: Span[] = alt ? [{ text: `${alt} `, style: this.textStyle({ ...fmt, italic: true }, ctx) }] : [];
    if (!url) return spans;
    const address = fmt.inLink ? fmt.link : linkAddress(url);
    return [
      ...spans,
      { text: '(', style: this.textStyle(fmt, ctx) },
      { text: url, style: this.textStyle({ ...fmt, link: address }, ctx) },
      { text: ')', style: this.textStyle(fmt, ctx) },
    ];
  }

  /** Inline HTML: a `<br>` is a line break, a comment is left out, anything else is shown as typed. */
  private inlineHtml(html: string, fmt: Inline, ctx: Context): Span[] {
    const tag = html.trim().toLowerCase();
    if (tag.startsWith('<!--')) return [];
    if (tag === '<br>' || tag === '<br/>' || tag === '<br />') return [{ text: null, style: this.textStyle(fmt, ctx) }];
    return [{ text: inlineText(html), style: this.textStyle(fmt, ctx) }];
  }
}

/** Where a line starts in a table cell of its column's alignment, given the room left on it. */
function offset(align: AlignType | undefined, room: number): number {
  if (align === 'right') return Math.max(0, room);
  if (align === 'center') return Math.max(0, room / 2);
  return 0;
}

/**
 * The PDF file of a document: the title, then the markdown (whose own opening `# Title` is not
 * repeated), on A4 or US Letter pages. CPU-bound: call it from a worker thread for large documents.
 */
export function markdownToPdf(source: PdfSource): Promise<Buffer> {
  const tree = parseMarkdown(source.markdown);
  const title = source.title.trim();
  const writer = new PdfWriter(title, source.size);
  const [first] = tree.children;
  const repeatsTitle = first?.type === 'heading' && first.depth === 1 && plainText(first).trim() === title;
  if (title) writer.title(title);
  writer.blocks(repeatsTitle ? tree.children.slice(1) : tree.children, { left: MARGIN, quote: 0, listLevel: -1 });
  return writer.finish();
}
