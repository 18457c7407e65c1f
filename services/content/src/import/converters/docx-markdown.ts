import TurndownService from 'turndown';
import { gfmTableOf } from './gfm-table.js';
import { linkDestination } from './link-destination.js';
import type { Converted } from './html.js';

/**
 * The parts of mammoth's document model (its lib/documents.js: paragraphs with their style and list
 * level, runs with their formatting, text, links, tables, notes) that the writer reads.
 */
export interface DocxNode {
  type: string;
  children?: DocxNode[];
  styleId?: string | null;
  styleName?: string | null;
  numbering?: { level: string; isOrdered: boolean } | null;
  isBold?: boolean;
  isItalic?: boolean;
  isStrikethrough?: boolean;
  value?: string;
  href?: string;
  anchor?: string;
  breakType?: string;
  checked?: boolean;
  colSpan?: number;
  body?: DocxNode[];
}

export interface DocxDocument extends DocxNode {
  notes: { resolve(reference: DocxNode): DocxNode | null };
}

const BOLD = 1;
const ITALIC = 2;
const STRIKE = 4;
/** Outermost first, as mammoth nests them (strong > em > s) and turndown wrote them. */
const MARKS = [BOLD, ITALIC, STRIKE] as const;
const DELIMITERS: Record<number, string> = { [BOLD]: '**', [ITALIC]: '_', [STRIKE]: '~' };

/** A stretch of a paragraph's text with one formatting, a line break, or a task box. */
type Piece = { kind: 'text'; text: string; marks: number; link: string | null; code: boolean } | { kind: 'break' } | { kind: 'checkbox'; checked: boolean };
type TextPiece = Extract<Piece, { kind: 'text' }>;

/** A block of the document as markdown, with what decides how it joins its neighbours. */
interface Block {
  kind: 'paragraph' | 'item' | 'code' | 'table';
  markdown: string;
  quote: boolean;
  level: number;
  ordered: boolean;
}

const HEADING_STYLE = /^(?:Heading([1-6])|[Hh]eading ([1-6]))$/;
/** Mammoth's default style map's headings (Word's, Apple Pages' `Heading`), and Word's `Title`, which the product's own export writes for a document's `# Title`. */
function headingDepth(paragraph: DocxNode): number {
  for (const style of [paragraph.styleId, paragraph.styleName]) {
    const match = style ? HEADING_STYLE.exec(style) : null;
    if (match) return Number(match[1] ?? match[2]);
    if (style === 'Heading' || style === 'Title') return 1;
  }
  return 0;
}

const hasStyle = (node: DocxNode, names: ReadonlySet<string>) => names.has(node.styleName ?? '') || names.has(node.styleId ?? '');
/** The product's Word export's own styles, and Word's names for the same things. */
const CODE_BLOCK_STYLES = new Set(['Code Block', 'CodeBlock', 'HTML Preformatted', 'HTMLPreformatted']);
const QUOTE_STYLES = new Set(['Block Quote', 'BlockQuote', 'Quote', 'Intense Quote', 'IntenseQuote']);
const INLINE_CODE_STYLES = new Set(['Inline Code', 'InlineCode', 'HTML Code', 'HTMLCode']);
const STRONG_STYLES = new Set(['Strong']);
/** Mammoth's default style map nests lists five levels deep; deeper items are paragraphs. */
const LIST_LEVELS = 5;

const linkOf = (piece: Piece) => (piece.kind === 'text' ? piece.link : null);
const sameAttributes = (a: TextPiece, b: TextPiece) => a.marks === b.marks && a.link === b.link && a.code === b.code;

/** Adjacent text of one formatting as one piece (Word splits text into many runs: spelling marks, revisions). */
function merged(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (piece.kind === 'text' && last?.kind === 'text' && sameAttributes(last, piece)) out[out.length - 1] = { ...last, text: last.text + piece.text };
    else if (piece.kind !== 'text' || piece.text) out.push(piece);
  }
  return out;
}

/** The formatting that two neighbouring pieces share: what whitespace between them keeps. */
function shared(piece: TextPiece, neighbour: Piece | undefined): TextPiece {
  const other = neighbour?.kind === 'text' ? neighbour : null;
  return { kind: 'text', text: ' ', marks: other ? piece.marks & other.marks : 0, link: other && other.link === piece.link ? piece.link : null, code: false };
}

/**
 * Whitespace as HTML collapses it: runs of spaces, tabs and newlines are one space, none at the start or
 * end of a line; a space at the edge of bold, italic, code or a link moves outside it (as turndown moves
 * an element's flanking whitespace), so that `** bold**` is never written.
 */
function collapsed(pieces: readonly Piece[]): Piece[] {
  const flat = merged(pieces.map((p) => (p.kind === 'text' ? { ...p, text: p.text.replace(/[ \t\r\n]+/g, ' ') } : p)));
  const out: Piece[] = [];
  let afterSpace = true;
  flat.forEach((piece, i) => {
    if (piece.kind !== 'text') {
      if (piece.kind === 'break') {
        const last = out.at(-1);
        if (last?.kind === 'text' && last.text === ' ') out.pop();
        afterSpace = true;
      }
      out.push(piece);
      return;
    }
    let text = afterSpace ? piece.text.replace(/^ /, '') : piece.text;
    if (!text) return;
    const lead = text.startsWith(' ') && text.length > 1;
    const trail = text.endsWith(' ');
    text = text.slice(lead ? 1 : 0, trail ? -1 : undefined);
    if (lead) out.push(shared(piece, flat[i - 1]));
    if (text) out.push({ ...piece, text });
    if (trail) out.push(shared(piece, flat[i + 1]));
    afterSpace = trail;
  });
  while (out.at(-1)?.kind === 'text' && (out.at(-1) as TextPiece).text === ' ') out.pop();
  return merged(out);
}

/** Inline code in backticks: a fence longer than any run of backticks inside, padded when the code starts or ends with one. */
function codeSpan(code: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

/**
 * Mammoth's Word document model (after it has read the file: styles, numbering, runs, notes) written as
 * GFM markdown directly, without mammoth's HTML and turndown's DOM of it (docs/decisions/0034-document-import.md):
 * the same markdown the HTML path writes (turndown's escaping, `**` / `_` / `~`, `-` and numbered lists
 * one space after the marker, every table a GFM table with the first row as its header), and also the
 * product's own export's code blocks, quotes, inline code, title and task boxes.
 */
export class DocxMarkdownWriter {
  private readonly escaper = new TurndownService();
  private readonly notes: DocxNode[] = [];
  private droppedImages = 0;
  private readonly document: DocxDocument;

  constructor(document: DocxDocument) {
    this.document = document;
  }

  convert(): Converted {
    const parts = [this.markdownOf(this.document.children ?? [])];
    // Notes (footnotes and endnotes) are numbered in the order of their references and listed at the end.
    for (let i = 0; i < this.notes.length; i++) {
      const body = this.markdownOf(this.notes[i]!.body ?? []);
      if (body) parts.push(`${i + 1}. ${body.replace(/\n(?!\n)/g, `\n${' '.repeat(String(i + 1).length + 2)}`)}`);
    }
    const markdown = parts
      .filter(Boolean)
      .join('\n\n')
      .replace(/\u00a0/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    return { markdown, droppedImages: this.droppedImages };
  }

  private markdownOf(nodes: readonly DocxNode[]): string {
    const blocks: Block[] = [];
    for (const node of nodes) {
      if (node.type === 'paragraph') this.paragraph(node, blocks);
      else if (node.type === 'table') blocks.push({ kind: 'table', markdown: this.table(node), quote: false, level: 0, ordered: false });
    }
    return joinBlocks(blocks);
  }

  private paragraph(paragraph: DocxNode, blocks: Block[]): void {
    const quote = hasStyle(paragraph, QUOTE_STYLES);
    const depth = headingDepth(paragraph);
    if (depth > 0) {
      const text = this.inline(paragraph.children ?? []).replace(/\s*\n\s*/g, ' ');
      if (text) blocks.push({ kind: 'paragraph', markdown: `${'#'.repeat(depth)} ${text}`, quote, level: 0, ordered: false });
      return;
    }
    if (hasStyle(paragraph, CODE_BLOCK_STYLES)) {
      blocks.push({ kind: 'code', markdown: this.plainText(paragraph.children ?? []), quote, level: 0, ordered: false });
      return;
    }
    const level = paragraph.numbering ? Number(paragraph.numbering.level) : NaN;
    if (level >= 0 && level < LIST_LEVELS) {
      const text = this.inline(paragraph.children ?? [], true);
      if (text) blocks.push({ kind: 'item', markdown: text, quote, level, ordered: paragraph.numbering!.isOrdered });
      return;
    }
    const text = this.inline(paragraph.children ?? []);
    if (text) blocks.push({ kind: 'paragraph', markdown: text, quote, level: 0, ordered: false });
  }

  private table(table: DocxNode): string {
    const rows = (table.children ?? []).filter((row) => row.type === 'tableRow');
    return gfmTableOf(
      rows.map((row) =>
        (row.children ?? []).filter((cell) => cell.type === 'tableCell').map((cell) => ({ markdown: this.markdownOf(cell.children ?? []), colSpan: cell.colSpan ?? 1 })),
      ),
    );
  }

  /** A paragraph's runs as inline markdown; a list item's leading task box (Word's checkbox, or the export's ☐ / ☑) as `[ ]` / `[x]`. */
  private inline(nodes: readonly DocxNode[], listItem = false): string {
    const pieces: Piece[] = [];
    this.collect(nodes, 0, null, false, pieces);
    const line = collapsed(pieces);
    let task = '';
    const first = line[0];
    if (listItem && first?.kind === 'checkbox') task = first.checked ? '[x] ' : '[ ] ';
    else if (listItem && first?.kind === 'text' && !first.code && /^[☐☑☒] /.test(first.text)) {
      task = first.text.startsWith('☐') ? '[ ] ' : '[x] ';
      line[0] = { ...first, text: first.text.slice(2) };
    }
    const text = this.render(line).trim();
    return text && task + text;
  }

  /** The pieces of a paragraph's content with the formatting its runs and links give them. */
  private collect(nodes: readonly DocxNode[], marks: number, link: string | null, code: boolean, pieces: Piece[]): void {
    for (const node of nodes) {
      switch (node.type) {
        case 'run': {
          const runMarks = marks | (node.isBold || hasStyle(node, STRONG_STYLES) ? BOLD : 0) | (node.isItalic ? ITALIC : 0) | (node.isStrikethrough ? STRIKE : 0);
          this.collect(node.children ?? [], runMarks, link, code || hasStyle(node, INLINE_CODE_STYLES), pieces);
          break;
        }
        case 'hyperlink':
          this.collect(node.children ?? [], marks, node.anchor ? `#${node.anchor}` : (node.href ?? null), code, pieces);
          break;
        case 'text':
          pieces.push({ kind: 'text', text: node.value ?? '', marks, link, code });
          break;
        case 'tab':
          pieces.push({ kind: 'text', text: '\t', marks, link, code });
          break;
        case 'break':
          if (node.breakType === 'line') pieces.push({ kind: 'break' });
          break;
        case 'checkbox':
          pieces.push({ kind: 'checkbox', checked: node.checked === true });
          break;
        case 'noteReference': {
          const note = this.document.notes.resolve(node);
          if (note) {
            this.notes.push(note);
            pieces.push({ kind: 'text', text: `[${this.notes.length}]`, marks: 0, link: null, code: false });
          }
          break;
        }
        case 'image':
          // Embedded pictures are not imported (the file's images are not read): counted for the import's note.
          this.droppedImages++;
          break;
      }
    }
  }

  /** A code block paragraph's text as it is: tabs kept, line breaks as new lines, no formatting. */
  private plainText(nodes: readonly DocxNode[]): string {
    let text = '';
    for (const node of nodes) {
      if (node.type === 'text') text += node.value ?? '';
      else if (node.type === 'tab') text += '\t';
      else if (node.type === 'break' && node.breakType === 'line') text += '\n';
      else if (node.children) text += this.plainText(node.children);
    }
    return text;
  }

  /** Collapsed pieces as markdown: links outermost, then bold, italic, strike-through, each opened and closed where it changes. */
  private render(pieces: readonly Piece[]): string {
    let out = '';
    for (let i = 0; i < pieces.length;) {
      const link = linkOf(pieces[i]!);
      let end = i + 1;
      while (end < pieces.length && linkOf(pieces[end]!) === link) end++;
      const content = this.formatted(pieces.slice(i, end));
      out += link === null ? content : content.trim() ? `[${content.trim()}](${linkDestination(link)})` : '';
      i = end;
    }
    return out;
  }

  private formatted(pieces: readonly Piece[]): string {
    let out = '';
    const open: number[] = [];
    const closeFrom = (depth: number) => {
      while (open.length > depth) out += DELIMITERS[open.pop()!];
    };
    for (const piece of pieces) {
      if (piece.kind === 'checkbox') continue;
      if (piece.kind === 'break') {
        out += '  \n';
        continue;
      }
      const wanted = MARKS.filter((mark) => piece.marks & mark);
      let keep = 0;
      while (keep < open.length && open[keep] === wanted[keep]) keep++;
      closeFrom(keep);
      for (const mark of wanted.slice(keep)) {
        out += DELIMITERS[mark];
        open.push(mark);
      }
      out += piece.code ? codeSpan(piece.text) : this.escaper.escape(piece.text);
    }
    closeFrom(0);
    return out;
  }
}

/** A fence for a code block: longer than any run of backticks in it. */
function fenced(code: string): string {
  const longest = Math.max(0, ...(code.match(/^`{3,}/gm) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${code}\n${fence}`;
}

/** Consecutive list items as nested markdown lists: each level indented under its parent's marker, numbers counted per list. */
function list(items: readonly Block[]): string {
  const lines: string[] = [];
  const open: { ordered: boolean; count: number; indent: string; marker: string }[] = [];
  for (const item of items) {
    // An item can go one level deeper than the one before it, no more (Word allows skipping levels; markdown does not).
    const level = Math.min(item.level, open.length);
    open.length = Math.min(open.length, level + 1);
    if (open.length === level + 1 && open[level]!.ordered !== item.ordered) open.length = level;
    if (open.length === 0 && lines.length > 0) lines.push(''); // a list of the other kind: its own paragraph
    if (open.length === level) {
      const parent = open[level - 1];
      open.push({ ordered: item.ordered, count: 0, indent: parent ? parent.indent + ' '.repeat(parent.marker.length) : '', marker: '- ' });
    }
    const current = open[level]!;
    current.count++;
    current.marker = item.ordered ? `${current.count}. ` : '- ';
    lines.push(current.indent + current.marker + item.markdown.replace(/\n/g, `\n${current.indent}${' '.repeat(current.marker.length)}`));
  }
  return lines.join('\n');
}

/**
 * Blocks as markdown: consecutive list items one list, code paragraphs one fenced block (none when they hold only blank
 * lines, as mammoth left out empty paragraphs), quoted blocks one quote, a blank line between.
 */
function joinBlocks(blocks: readonly Block[]): string {
  const parts: string[] = [];
  for (let i = 0; i < blocks.length;) {
    const block = blocks[i]!;
    let end = i + 1;
    let part = block.markdown;
    if (block.quote) {
      while (end < blocks.length && blocks[end]!.quote) end++;
      const inner = joinBlocks(blocks.slice(i, end).map((b) => ({ ...b, quote: false })));
      part = inner.replace(/^(.?)/gm, (_line, start: string) => (start ? `> ${start}` : '>'));
    } else if (block.kind === 'item' || block.kind === 'code') {
      while (end < blocks.length && blocks[end]!.kind === block.kind && !blocks[end]!.quote) end++;
      const run = blocks.slice(i, end);
      const code =
        block.kind === 'code'
          ? run
              .map((b) => b.markdown)
              .join('\n')
              .replace(/^\s*\n|\n\s*$/g, '')
          : '';
      part = block.kind === 'item' ? list(run) : code.trim() ? fenced(code) : '';
    }
    if (part) parts.push(part);
    i = end;
  }
  return parts.join('\n\n');
}
