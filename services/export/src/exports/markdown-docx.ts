import type { AlignType, BlockContent, DefinitionContent, List, ListItem, Nodes, PhrasingContent, RootContent, Table } from 'mdast';
import { DOCX_STYLES, DocumentRelationships, escapeXml, HANGING, INDENT, ListNumbering, MAX_LIST_LEVEL, wordRoot, zipDocx } from './docx-package.js';
import { parseMarkdown } from './parse-markdown.js';

/** Width of the text area of a Letter/A4 page with the default 1" margins, in twips. */
const TEXT_WIDTH = 9360;
const CHECKBOX = { checked: '☑ ', unchecked: '☐ ' } as const;
const QUOTE_BAR = '<w:left w:val="single" w:sz="18" w:space="8" w:color="BFBFBF"/>';
const RULE = '<w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/>';
const CELL_BORDERS = (['top', 'left', 'bottom', 'right', 'insideH', 'insideV'] as const).map((side) => `<w:${side} w:val="single" w:sz="4" w:color="auto"/>`).join('');
const BREAK = '<w:r><w:br/></w:r>';
/**
 * The targets that become hyperlinks. Word hands any other to whatever handles it (a file or UNC path, a
 * relative path resolved next to the file, `ms-msdt:` and other `ms-` handlers, `javascript:`), so those stay text.
 */
const LINKABLE = /^(?:https?:\/\/|mailto:)/i;
/** A4 portrait with 1" margins. */
const SECTION =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838" w:orient="portrait"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/><w:docGrid w:linePitch="360"/></w:sectPr>';

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

/** What a paragraph's properties say beyond its place (style, list number, alignment, a rule under it). */
interface ParagraphOptions {
  style?: string;
  numbering?: { numId: number; level: number };
  hanging?: number;
  align?: NonNullable<AlignType>;
  rule?: boolean;
}

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

/** Left indentation of a block inside quotes and list items, in twips. */
const leftIndent = (ctx: Context) => INDENT * ctx.quote + (ctx.listLevel >= 0 ? INDENT * (ctx.listLevel + 1) : 0);

/** A run of text; `xml:space` keeps its leading and trailing spaces. */
const textRun = (rPr: string, text: string) => (text ? `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>` : '');

/** Writes word/document.xml of one PRD Studio document: the title, then its markdown, construct by construct. */
class DocumentWriter {
  readonly numbering = new ListNumbering();
  readonly relationships = new DocumentRelationships();
  private body = '';

  document(): string {
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${wordRoot('document')}<w:body>${this.body}${SECTION}</w:body></w:document>`;
  }

  title(title: string): void {
    this.body += `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${textRun('', title)}</w:p>`;
  }

  blocks(nodes: readonly (RootContent | BlockContent | DefinitionContent)[], ctx: Context): void {
    for (const node of nodes) this.block(node, ctx);
  }

  private block(node: RootContent, ctx: Context): void {
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(this.inlines(node.children, {}), ctx);
      case 'heading':
        return this.paragraph(this.inlines(node.children, {}), ctx, { style: `Heading${node.depth}` });
      case 'thematicBreak':
        return this.paragraph('', ctx, { rule: true });
      case 'blockquote':
        return this.blocks(node.children, { ...ctx, quote: ctx.quote + 1 });
      case 'list':
        return this.list(node, ctx);
      case 'code':
        return this.codeBlock(node.value, ctx);
      case 'html':
        return this.htmlBlock(node.value, ctx);
      case 'table':
        return this.table(node, ctx);
      case 'footnoteDefinition':
        return this.footnote(node.label ?? node.identifier, node.children, ctx);
      default:
        // Nodes the parser does not produce (front matter, MDX, reference definitions) carry their text.
        return this.paragraph(textRun('', plainText(node)), ctx);
    }
  }

  /**
   * A paragraph (its runs already written) with its properties in the schema's order: style, list
   * number, borders (the quote bar, a horizontal rule), indentation, alignment. Plain paragraphs in
   * quotes take the Block Quote style, list items the List Paragraph style.
   */
  private paragraph(runs: string, ctx: Context, options: ParagraphOptions = {}): void {
    const style = options.style ?? (ctx.quote > 0 ? DOCX_STYLES.blockQuote.id : options.numbering ? DOCX_STYLES.listParagraph.id : undefined);
    const left = leftIndent(ctx);
    const borders = (ctx.quote > 0 ? QUOTE_BAR : '') + (options.rule ? RULE : '');
    const pPr =
      (style ? `<w:pStyle w:val="${style}"/>` : '') +
      (options.numbering ? `<w:numPr><w:ilvl w:val="${options.numbering.level}"/><w:numId w:val="${options.numbering.numId}"/></w:numPr>` : '') +
      (borders ? `<w:pBdr>${borders}</w:pBdr>` : '') +
      (left > 0 ? `<w:ind w:left="${left}"${options.hanging ? ` w:hanging="${options.hanging}"` : ''}/>` : '') +
      (options.align ? `<w:jc w:val="${options.align}"/>` : '');
    this.body += `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${runs}</w:p>`;
  }

  private list(list: List, ctx: Context): void {
    const level = Math.min(ctx.listLevel + 1, MAX_LIST_LEVEL);
    const numId = this.numbering.add(list.ordered === true, list.start ?? 1, level);
    const inner: Context = { ...ctx, listLevel: level };
    for (const item of list.children) this.listItem(item, { numId, level }, inner);
  }

  /** The item's first paragraph carries the bullet or number (and the task box); the rest of it is indented under it. */
  private listItem(item: ListItem, numbering: { numId: number; level: number }, inner: Context): void {
    const box = textRun('', item.checked === true ? CHECKBOX.checked : item.checked === false ? CHECKBOX.unchecked : '');
    const [first, ...rest] = item.children;
    const lead = first?.type === 'paragraph';
    this.paragraph(box + (lead ? this.inlines(first.children, {}) : ''), inner, { numbering, hanging: HANGING });
    this.blocks(lead ? rest : item.children, inner);
  }

  /** One paragraph: its lines kept apart by line breaks, its tabs kept as tabs. */
  private codeBlock(code: string, ctx: Context): void {
    const lines = code.split('\n').map(
      (line, i) =>
        `<w:r>${i > 0 ? '<w:br/>' : ''}${line
          .split('\t')
          .map((part) => (part ? `<w:t xml:space="preserve">${escapeXml(part)}</w:t>` : ''))
          .join('<w:tab/>')}</w:r>`,
    );
    this.paragraph(lines.join(''), ctx, { style: DOCX_STYLES.codeBlock.id });
  }

  /** Raw HTML is shown as the source it is; comments are notes to the author and are left out. */
  private htmlBlock(html: string, ctx: Context): void {
    if (!html.trimStart().startsWith('<!--')) this.codeBlock(html, ctx);
  }

  private footnote(label: string, children: readonly (BlockContent | DefinitionContent)[], ctx: Context): void {
    const marker = textRun('<w:vertAlign w:val="superscript"/>', `[${label}] `);
    const [first, ...rest] = children;
    const lead = first?.type === 'paragraph';
    this.paragraph(marker + (lead ? this.inlines(first.children, {}) : ''), ctx);
    this.blocks(lead ? rest : children, ctx);
  }

  /** Equal columns across the text width; the header row repeats on every page, shaded and bold. */
  private table(table: Table, ctx: Context): void {
    const columns = Math.max(1, ...table.children.map((row) => row.children.length));
    const left = leftIndent(ctx);
    const columnWidth = Math.floor((TEXT_WIDTH - left) / columns);
    let xml =
      `<w:tbl><w:tblPr><w:tblW w:w="${columnWidth * columns}" w:type="dxa"/>${left > 0 ? `<w:tblInd w:w="${left}" w:type="dxa"/>` : ''}<w:tblBorders>${CELL_BORDERS}</w:tblBorders></w:tblPr>` +
      `<w:tblGrid>${`<w:gridCol w:w="${columnWidth}"/>`.repeat(columns)}</w:tblGrid>`;
    table.children.forEach((row, r) => {
      const header = r === 0;
      xml += `<w:tr>${header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}`;
      for (let c = 0; c < columns; c++) {
        const cell = row.children[c];
        const align = table.align?.[c];
        xml +=
          `<w:tc><w:tcPr><w:tcW w:w="${columnWidth}" w:type="dxa"/>${header ? '<w:shd w:val="clear" w:color="auto" w:fill="F2F2F2"/>' : ''}</w:tcPr>` +
          `<w:p>${align ? `<w:pPr><w:jc w:val="${align}"/></w:pPr>` : ''}${cell ? this.inlines(cell.children, header ? { bold: true } : {}) : ''}</w:p></w:tc>`;
      }
      xml += '</w:tr>';
    });
    this.body += `${xml}</w:tbl>`;
  }

  private inlines(nodes: readonly PhrasingContent[], fmt: Inline): string {
    let xml = '';
    for (const node of nodes) xml += this.inline(node, fmt);
    return xml;
  }

  /** A run of text in the inherited formatting; `style` (inline code) takes the place of the Hyperlink style. */
  private run(text: string, fmt: Inline, style?: string): string {
    const styleId = style ?? (fmt.link ? DOCX_STYLES.hyperlink.id : undefined);
    const rPr = (styleId ? `<w:rStyle w:val="${styleId}"/>` : '') + (fmt.bold ? '<w:b/><w:bCs/>' : '') + (fmt.italics ? '<w:i/><w:iCs/>' : '') + (fmt.strike ? '<w:strike/>' : '');
    return textRun(rPr, text);
  }

  private inline(node: PhrasingContent, fmt: Inline): string {
    switch (node.type) {
      case 'text':
        // A line ending inside a paragraph is a soft break: it reads as a space.
        return this.run(node.value.replaceAll('\n', ' '), fmt);
      case 'emphasis':
        return this.inlines(node.children, { ...fmt, italics: true });
      case 'strong':
        return this.inlines(node.children, { ...fmt, bold: true });
      case 'delete':
        return this.inlines(node.children, { ...fmt, strike: true });
      case 'inlineCode':
        return this.run(node.value, fmt, DOCX_STYLES.inlineCode.id);
      case 'break':
        return BREAK;
      case 'link':
        return this.link(node.url, node.children, fmt);
      case 'image':
        return this.image(node.alt ?? '', node.url, fmt);
      case 'footnoteReference':
        return textRun('<w:vertAlign w:val="superscript"/>', `[${node.label ?? node.identifier}]`);
      case 'html':
        return this.inlineHtml(node.value, fmt);
      default:
        return this.run(plainText(node), fmt);
    }
  }

  private hyperlink(url: string, runs: string): string {
    return `<w:hyperlink r:id="${this.relationships.hyperlink(url)}" w:history="1">${runs}</w:hyperlink>`;
  }

  private link(url: string, children: readonly PhrasingContent[], fmt: Inline): string {
    if (!url || fmt.link) return this.inlines(children, fmt);
    if (!LINKABLE.test(url)) return this.inlines(children, fmt) || this.run(url, fmt);
    const linked = { ...fmt, link: true };
    return this.hyperlink(url, this.inlines(children, linked) || this.run(url, linked));
  }

  /** Images are not embedded (that would fetch them): their alt text, then their address as a link. */
  private image(alt: string, url: string, fmt: Inline): string {
    const label = this.run(alt ? `${alt} ` : '', { ...fmt, italics: true });
    if (!url) return label;
    if (fmt.link || !LINKABLE.test(url)) return label + this.run(`(${url})`, fmt);
    return label + this.run('(', fmt) + this.hyperlink(url, this.run(url, { ...fmt, link: true })) + this.run(')', fmt);
  }

  /** Inline HTML: a `<br>` is a line break, a comment is left out, anything else is shown as typed. */
  private inlineHtml(html: string, fmt: Inline): string {
    const tag = html.trim().toLowerCase();
    if (tag.startsWith('<!--')) return '';
    if (tag === '<br>' || tag === '<br/>' || tag === '<br />') return BREAK;
    return this.run(html, fmt);
  }
}

/**
 * The .docx file of a document: the title, then the markdown (whose own opening `# Title` is not
 * repeated). CPU-bound: call it from a worker thread for large documents.
 */
export function markdownToDocx(source: DocxSource): Promise<Buffer> {
  const tree = parseMarkdown(source.markdown);
  const writer = new DocumentWriter();
  const [first] = tree.children;
  const title = source.title.trim();
  const repeatsTitle = first?.type === 'heading' && first.depth === 1 && plainText(first).trim() === title;
  if (title) writer.title(title);
  writer.blocks(repeatsTitle ? tree.children.slice(1) : tree.children, TOP);
  return zipDocx({ title, document: writer.document(), numbering: writer.numbering, relationships: writer.relationships });
}
