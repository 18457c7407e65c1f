import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ILevelsOptions,
  type INumberingOptions,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import type { AlignType, BlockContent, DefinitionContent, List, ListItem, Nodes, PhrasingContent, RootContent, Table as MdTable } from 'mdast';
import { parseMarkdown } from './parse-markdown.js';

/** Paragraph and character styles the export defines (their names are what Word shows). */
export const DOCX_STYLES = {
  codeBlock: { id: 'CodeBlock', name: 'Code Block' },
  blockQuote: { id: 'BlockQuote', name: 'Block Quote' },
  inlineCode: { id: 'InlineCode', name: 'Inline Code' },
} as const;

const MONOSPACE = 'Consolas';
/** Twips: one level of list or quote indentation, and a bullet's hanging indent. */
const INDENT = 720;
const HANGING = 360;
/** Width of the text area of a Letter/A4 page with the default 1" margins, in twips. */
const TEXT_WIDTH = 9360;
const MAX_LIST_LEVEL = 8;
const BULLETS = ['•', '◦', '▪'];
const CHECKBOX = { checked: '☑ ', unchecked: '☐ ' } as const;

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6] as const;

const ALIGNMENTS: Record<NonNullable<AlignType>, (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
};

type Block = Paragraph | Table;

/** Character formatting inherited by the text inside emphasis, strong, delete and links. */
interface Inline {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  /** Inside a hyperlink: text takes the Hyperlink style and images cannot nest another link. */
  link?: boolean;
}

/** Where a block sits: how many block quotes and which list level (-1 outside lists) enclose it. */
interface Context {
  quote: number;
  listLevel: number;
}

const TOP: Context = { quote: 0, listLevel: -1 };

export interface DocxSource {
  title: string;
  markdown: string;
}

/** The plain text of a node, as a reader sees it. */
function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if (node.type === 'image') return node.alt ?? '';
  if ('children' in node) return node.children.map((child: Nodes) => plainText(child)).join('');
  return '';
}

/** Builds the Word document of one PRD Studio document: the title, then its markdown, construct by construct. */
class DocxBuilder {
  /** Ordered lists are numbered from their own start; one numbering definition per start value. */
  private readonly orderedStarts = new Set<number>();
  private listInstances = 0;

  blocks(nodes: readonly (RootContent | BlockContent | DefinitionContent)[], ctx: Context): Block[] {
    return nodes.flatMap((node) => this.block(node, ctx));
  }

  numbering(): INumberingOptions {
    const bullet: ILevelsOptions[] = this.levels((level) => ({ format: LevelFormat.BULLET, text: BULLETS[level % BULLETS.length] }));
    return {
      config: [
        { reference: 'bullet', levels: bullet },
        ...[...this.orderedStarts].map((start) => ({
          reference: `ordered-${start}`,
          levels: this.levels((level) => ({ format: LevelFormat.DECIMAL, text: `%${level + 1}.`, start })),
        })),
      ],
    };
  }

  private levels(format: (level: number) => Pick<ILevelsOptions, 'format' | 'text' | 'start'>): ILevelsOptions[] {
    return Array.from({ length: MAX_LIST_LEVEL + 1 }, (_, level) => ({
      level,
      alignment: AlignmentType.LEFT,
      ...format(level),
      style: { paragraph: { indent: { left: INDENT * (level + 1), hanging: HANGING } } },
    }));
  }

  private block(node: RootContent, ctx: Context): Block[] {
    switch (node.type) {
      case 'paragraph':
        return [this.paragraph(this.inlines(node.children, {}), ctx)];
      case 'heading':
        return [new Paragraph({ heading: HEADINGS[node.depth - 1], children: this.inlines(node.children, {}), ...this.indent(ctx) })];
      case 'thematicBreak':
        return [new Paragraph({ thematicBreak: true, ...this.indent(ctx) })];
      case 'blockquote':
        return this.blocks(node.children, { ...ctx, quote: ctx.quote + 1 });
      case 'list':
        return this.list(node, ctx);
      case 'code':
        return [this.codeBlock(node.value, ctx)];
      case 'html':
        return this.htmlBlock(node.value, ctx);
      case 'table':
        return [this.table(node, ctx)];
      case 'footnoteDefinition':
        return this.footnote(node.label ?? node.identifier, node.children, ctx);
      default:
        // Nodes the parser does not produce (front matter, MDX, reference definitions) carry their text.
        return [this.paragraph([new TextRun(plainText(node))], ctx)];
    }
  }

  /** Indentation (and the quote bar) of a block inside quotes and list items. */
  private indent(ctx: Context, hanging = 0) {
    const left = INDENT * ctx.quote + (ctx.listLevel >= 0 ? INDENT * (ctx.listLevel + 1) : 0);
    return {
      ...(left > 0 ? { indent: { left, ...(hanging ? { hanging } : {}) } } : {}),
      ...(ctx.quote > 0 ? { border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'BFBFBF', space: 8 } } } : {}),
    };
  }

  private paragraph(children: ParagraphChild[], ctx: Context): Paragraph {
    return new Paragraph({ children, ...(ctx.quote > 0 ? { style: DOCX_STYLES.blockQuote.id } : {}), ...this.indent(ctx) });
  }

  private list(list: List, ctx: Context): Block[] {
    const level = Math.min(ctx.listLevel + 1, MAX_LIST_LEVEL);
    const start = list.start ?? 1;
    if (list.ordered) this.orderedStarts.add(start);
    const numbering = { reference: list.ordered ? `ordered-${start}` : 'bullet', level, instance: ++this.listInstances };
    const inner: Context = { ...ctx, listLevel: level };
    return list.children.flatMap((item) => this.listItem(item, numbering, ctx, inner));
  }

  /** The item's first paragraph carries the bullet or number (and the task box); the rest of it is indented under it. */
  private listItem(item: ListItem, numbering: { reference: string; level: number; instance: number }, ctx: Context, inner: Context): Block[] {
    const box = item.checked === true ? CHECKBOX.checked : item.checked === false ? CHECKBOX.unchecked : '';
    const lead = (children: ParagraphChild[]) =>
      new Paragraph({
        numbering,
        children: box ? [new TextRun(box), ...children] : children,
        ...(ctx.quote > 0 ? { style: DOCX_STYLES.blockQuote.id } : {}),
        ...this.indent(inner, HANGING),
      });
    const [first, ...rest] = item.children;
    if (first?.type === 'paragraph') return [lead(this.inlines(first.children, {})), ...this.blocks(rest, inner)];
    return [lead([]), ...this.blocks(item.children, inner)];
  }

  private codeBlock(code: string, ctx: Context): Paragraph {
    const runs = code.split('\n').map(
      (line, i) =>
        new TextRun({
          ...(i > 0 ? { break: 1 } : {}),
          children: line.split('\t').flatMap((part, j) => (j > 0 ? [new Tab(), part] : [part])),
        }),
    );
    return new Paragraph({ style: DOCX_STYLES.codeBlock.id, children: runs, ...this.indent(ctx) });
  }

  /** Raw HTML is shown as the source it is; comments are notes to the author and are left out. */
  private htmlBlock(html: string, ctx: Context): Block[] {
    if (html.trimStart().startsWith('<!--')) return [];
    return [this.codeBlock(html, ctx)];
  }

  private footnote(label: string, children: readonly (BlockContent | DefinitionContent)[], ctx: Context): Block[] {
    const marker = new TextRun({ text: `[${label}] `, superScript: true });
    const [first, ...rest] = children;
    if (first?.type === 'paragraph') return [this.paragraph([marker, ...this.inlines(first.children, {})], ctx), ...this.blocks(rest, ctx)];
    return [this.paragraph([marker], ctx), ...this.blocks(children, ctx)];
  }

  private table(table: MdTable, ctx: Context): Table {
    const columns = Math.max(1, ...table.children.map((row) => row.children.length));
    const available = TEXT_WIDTH - (this.indent(ctx).indent?.left ?? 0);
    const columnWidth = Math.floor(available / columns);
    return new Table({
      columnWidths: Array.from({ length: columns }, () => columnWidth),
      width: { size: columnWidth * columns, type: WidthType.DXA },
      ...(ctx.quote > 0 || ctx.listLevel >= 0 ? { indent: { size: this.indent(ctx).indent?.left ?? 0, type: WidthType.DXA } } : {}),
      rows: table.children.map((row, r) => {
        const header = r === 0;
        return new TableRow({
          ...(header ? { tableHeader: true } : {}),
          children: Array.from({ length: columns }, (_, c) => {
            const cell = row.children[c];
            const align = table.align?.[c];
            return new TableCell({
              width: { size: columnWidth, type: WidthType.DXA },
              ...(header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F2F2F2' } } : {}),
              children: [
                new Paragraph({
                  ...(align ? { alignment: ALIGNMENTS[align] } : {}),
                  children: cell ? this.inlines(cell.children, header ? { bold: true } : {}) : [],
                }),
              ],
            });
          }),
        });
      }),
    });
  }

  private inlines(nodes: readonly PhrasingContent[], fmt: Inline): ParagraphChild[] {
    return nodes.flatMap((node) => this.inline(node, fmt));
  }

  private run(text: string, fmt: Inline, extra: IRunOptions = {}): TextRun {
    return new TextRun({
      text,
      ...(fmt.bold ? { bold: true } : {}),
      ...(fmt.italics ? { italics: true } : {}),
      ...(fmt.strike ? { strike: true } : {}),
      ...(fmt.link ? { style: 'Hyperlink' } : {}),
      ...extra,
    });
  }

  private inline(node: PhrasingContent, fmt: Inline): ParagraphChild[] {
    switch (node.type) {
      case 'text':
        // A line ending inside a paragraph is a soft break: it reads as a space.
        return [this.run(node.value.replaceAll('\n', ' '), fmt)];
      case 'emphasis':
        return this.inlines(node.children, { ...fmt, italics: true });
      case 'strong':
        return this.inlines(node.children, { ...fmt, bold: true });
      case 'delete':
        return this.inlines(node.children, { ...fmt, strike: true });
      case 'inlineCode':
        return [this.run(node.value, fmt, { style: DOCX_STYLES.inlineCode.id })];
      case 'break':
        return [new TextRun({ break: 1 })];
      case 'link':
        return this.link(node.url, node.children, fmt);
      case 'image':
        return this.image(node.alt ?? '', node.url, fmt);
      case 'footnoteReference':
        return [new TextRun({ text: `[${node.label ?? node.identifier}]`, superScript: true })];
      case 'html':
        return this.inlineHtml(node.value, fmt);
      default:
        return [this.run(plainText(node), fmt)];
    }
  }

  private link(url: string, children: readonly PhrasingContent[], fmt: Inline): ParagraphChild[] {
    if (!url || fmt.link) return this.inlines(children, fmt);
    const runs = this.inlines(children, { ...fmt, link: true });
    return [new ExternalHyperlink({ link: url, children: runs.length > 0 ? runs : [this.run(url, { ...fmt, link: true })] })];
  }

  /** Images are not embedded (that would fetch them): their alt text, then their address as a link. */
  private image(alt: string, url: string, fmt: Inline): ParagraphChild[] {
    const label = this.run(alt ? `${alt} ` : '', { ...fmt, italics: true });
    if (!url) return [label];
    if (fmt.link) return [label, this.run(`(${url})`, fmt)];
    return [label, this.run('(', fmt), new ExternalHyperlink({ link: url, children: [this.run(url, { ...fmt, link: true })] }), this.run(')', fmt)];
  }

  /** Inline HTML: a `<br>` is a line break, a comment is left out, anything else is shown as typed. */
  private inlineHtml(html: string, fmt: Inline): ParagraphChild[] {
    const tag = html.trim().toLowerCase();
    if (tag.startsWith('<!--')) return [];
    if (tag === '<br>' || tag === '<br/>' || tag === '<br />') return [new TextRun({ break: 1 })];
    return [this.run(html, fmt)];
  }
}

/** The document's paragraphs and tables: the title, then the markdown (whose own opening `# Title` is not repeated). */
export function buildDocument(source: DocxSource): Document {
  const tree = parseMarkdown(source.markdown);
  const builder = new DocxBuilder();
  const [first] = tree.children;
  const title = source.title.trim();
  const repeatsTitle = first?.type === 'heading' && first.depth === 1 && plainText(first).trim() === title;
  const body = builder.blocks(repeatsTitle ? tree.children.slice(1) : tree.children, TOP);
  const children = title ? [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }), ...body] : body;
  return new Document({
    title,
    creator: 'PRD Studio',
    numbering: builder.numbering(),
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 22 }, paragraph: { spacing: { after: 120, line: 276 } } },
        title: { run: { size: 52, bold: true, color: '1F2937' }, paragraph: { spacing: { after: 240 } } },
        heading1: { run: { size: 36, bold: true, color: '1F2937' }, paragraph: { spacing: { before: 360, after: 120 }, keepNext: true } },
        heading2: { run: { size: 30, bold: true, color: '1F2937' }, paragraph: { spacing: { before: 300, after: 120 }, keepNext: true } },
        heading3: { run: { size: 26, bold: true, color: '374151' }, paragraph: { spacing: { before: 240, after: 80 }, keepNext: true } },
        heading4: { run: { size: 24, bold: true, color: '374151' }, paragraph: { spacing: { before: 200, after: 80 }, keepNext: true } },
        heading5: { run: { size: 22, bold: true, italics: true, color: '4B5563' }, paragraph: { spacing: { before: 160, after: 60 }, keepNext: true } },
        heading6: { run: { size: 22, italics: true, color: '4B5563' }, paragraph: { spacing: { before: 160, after: 60 }, keepNext: true } },
      },
      paragraphStyles: [
        {
          ...DOCX_STYLES.codeBlock,
          basedOn: 'Normal',
          quickFormat: true,
          run: { font: MONOSPACE, size: 19 },
          paragraph: {
            spacing: { before: 60, after: 120, line: 240 },
            shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F3F4F6' },
            border: {
              top: { style: BorderStyle.SINGLE, size: 4, color: 'E5E7EB', space: 4 },
              bottom: { style: BorderStyle.SINGLE, size: 4, color: 'E5E7EB', space: 4 },
              left: { style: BorderStyle.SINGLE, size: 4, color: 'E5E7EB', space: 4 },
              right: { style: BorderStyle.SINGLE, size: 4, color: 'E5E7EB', space: 4 },
            },
          },
        },
        { ...DOCX_STYLES.blockQuote, basedOn: 'Normal', quickFormat: true, run: { italics: true, color: '4B5563' } },
      ],
      characterStyles: [
        {
          ...DOCX_STYLES.inlineCode,
          basedOn: 'DefaultParagraphFont',
          quickFormat: true,
          run: { font: MONOSPACE, size: 20, shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F3F4F6' } },
        },
      ],
    },
    sections: [{ children }],
  });
}

/** The .docx file of a document. CPU-bound: call it from a worker thread for large documents. */
export function markdownToDocx(source: DocxSource): Promise<Buffer> {
  return Packer.toBuffer(buildDocument(source));
}
