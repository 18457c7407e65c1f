import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';

/**
 * The WordprocessingML package around the body that markdown-docx.ts writes: the styles, the list
 * numbering, the relationships and properties, zipped (docs/decisions/0024-own-wordprocessingml-writer.md).
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Opening tag of a part's root element in the WordprocessingML namespaces. */
export const wordRoot = (name: string) => `<w:${name} xmlns:w="${W}" xmlns:r="${R}">`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text or an attribute value as XML: markup characters escaped, and characters XML 1.0 cannot hold
 * (control characters other than tab and line endings, unpaired surrogates, U+FFFE and U+FFFF) left out.
 */
// eslint-disable-next-line no-control-regex -- finding the control characters XML cannot hold is the point
const XML_UNSAFE = /[&<>"]|[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const escapeXml = (value: string) => value.replace(XML_UNSAFE, (char) => ESCAPES[char] ?? '');

/** Paragraph and character styles the export defines (their names are what Word shows). */
export const DOCX_STYLES = {
  codeBlock: { id: 'CodeBlock', name: 'Code Block' },
  blockQuote: { id: 'BlockQuote', name: 'Block Quote' },
  inlineCode: { id: 'InlineCode', name: 'Inline Code' },
  listParagraph: { id: 'ListParagraph', name: 'List Paragraph' },
  hyperlink: { id: 'Hyperlink', name: 'Hyperlink' },
} as const;

/** Twips: one level of list or quote indentation, and a bullet's hanging indent. */
export const INDENT = 720;
export const HANGING = 360;
export const MAX_LIST_LEVEL = 8;
const BULLETS = ['•', '◦', '▪'];
const MONOSPACE = '<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas" w:eastAsia="Consolas" w:cs="Consolas"/>';
const GREY_SHADING = '<w:shd w:val="clear" w:color="auto" w:fill="F3F4F6"/>';
const CODE_BORDER = (['top', 'left', 'bottom', 'right'] as const).map((side) => `<w:${side} w:val="single" w:sz="4" w:space="4" w:color="E5E7EB"/>`).join('');

/** Title and headings: size in half-points, colour, spacing before and after (twips), and italics. */
const HEADING_STYLES: Array<{ id: string; name: string; size: number; color: string; before: number; after: number; bold: boolean; italics: boolean }> = [
  { id: 'Title', name: 'Title', size: 52, color: '1F2937', before: 0, after: 240, bold: true, italics: false },
  { id: 'Heading1', name: 'heading 1', size: 36, color: '1F2937', before: 360, after: 120, bold: true, italics: false },
  { id: 'Heading2', name: 'heading 2', size: 30, color: '1F2937', before: 300, after: 120, bold: true, italics: false },
  { id: 'Heading3', name: 'heading 3', size: 26, color: '374151', before: 240, after: 80, bold: true, italics: false },
  { id: 'Heading4', name: 'heading 4', size: 24, color: '374151', before: 200, after: 80, bold: true, italics: false },
  { id: 'Heading5', name: 'heading 5', size: 22, color: '4B5563', before: 160, after: 60, bold: true, italics: true },
  { id: 'Heading6', name: 'heading 6', size: 22, color: '4B5563', before: 160, after: 60, bold: false, italics: true },
];

const size = (halfPoints: number) => `<w:sz w:val="${halfPoints}"/><w:szCs w:val="${halfPoints}"/>`;

function paragraphStyle(id: string, name: string, pPr: string, rPr: string): string {
  return (
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>` +
    `${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}</w:style>`
  );
}

function characterStyle(id: string, name: string, rPr: string): string {
  return `<w:style w:type="character" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="DefaultParagraphFont"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/><w:qFormat/><w:rPr>${rPr}</w:rPr></w:style>`;
}

const STYLES_XML =
  HEADER +
  wordRoot('styles') +
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/>' +
  size(22) +
  '</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/><w:unhideWhenUsed/></w:style>' +
  '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/>' +
  '<w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  HEADING_STYLES.map(({ id, name, size: halfPoints, color, before, after, bold, italics }) =>
    paragraphStyle(
      id,
      name,
      `${id === 'Title' ? '' : '<w:keepNext/>'}<w:spacing w:before="${before}" w:after="${after}"/>${id === 'Title' ? '' : `<w:outlineLvl w:val="${Number(id.slice(-1)) - 1}"/>`}`,
      `${bold ? '<w:b/><w:bCs/>' : ''}${italics ? '<w:i/><w:iCs/>' : ''}<w:color w:val="${color}"/>${size(halfPoints)}`,
    ),
  ).join('') +
  paragraphStyle(DOCX_STYLES.listParagraph.id, DOCX_STYLES.listParagraph.name, '', '') +
  paragraphStyle(
    DOCX_STYLES.codeBlock.id,
    DOCX_STYLES.codeBlock.name,
    `<w:pBdr>${CODE_BORDER}</w:pBdr>${GREY_SHADING}<w:spacing w:before="60" w:after="120" w:line="240" w:lineRule="auto"/>`,
    MONOSPACE + size(19),
  ) +
  paragraphStyle(DOCX_STYLES.blockQuote.id, DOCX_STYLES.blockQuote.name, '', '<w:i/><w:iCs/><w:color w:val="4B5563"/>') +
  characterStyle(DOCX_STYLES.hyperlink.id, DOCX_STYLES.hyperlink.name, '<w:color w:val="0563C1"/><w:u w:val="single"/>') +
  characterStyle(DOCX_STYLES.inlineCode.id, DOCX_STYLES.inlineCode.name, MONOSPACE + size(20) + GREY_SHADING) +
  '</w:styles>';

/**
 * Lists: one abstract numbering for bullets, one per start value of ordered lists. Every ordered list is its own numbering
 * instance, so it counts afresh, restarting only the level it is at; every bulleted list shares one instance (a bullet has
 * nothing to restart). One instance per list with nine restarts each made a 1 MB document's numbering.xml 1.3 MB, a fifth of
 * what reading the file back costs mammoth (docs/decisions/0034-document-import.md).
 */
export class ListNumbering {
  private readonly orderedStarts = new Map<number, number>();
  /** Abstract numbering, start and level of each ordered list's instance; numId n is entry n - 1 (numId 1 the bullets'). */
  private readonly instances: Array<{ abstractId: number; start: number; level: number }> = [{ abstractId: 1, start: 1, level: -1 }];

  /** The numId of a new list at `level`. */
  add(ordered: boolean, start: number, level: number): number {
    if (!ordered) return 1;
    const abstractId = this.orderedStarts.get(start) ?? this.orderedStarts.size + 2;
    this.orderedStarts.set(start, abstractId);
    this.instances.push({ abstractId, start, level });
    return this.instances.length;
  }

  xml(): string {
    const levels = (format: (level: number) => string, start: number) =>
      Array.from(
        { length: MAX_LIST_LEVEL + 1 },
        (_, level) =>
          `<w:lvl w:ilvl="${level}"><w:start w:val="${start}"/>${format(level)}<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${INDENT * (level + 1)}" w:hanging="${HANGING}"/></w:pPr></w:lvl>`,
      ).join('');
    const abstract = (id: number, body: string) => `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="hybridMultilevel"/>${body}</w:abstractNum>`;
    const override = (start: number, level: number) => (level < 0 ? '' : `<w:lvlOverride w:ilvl="${level}"><w:startOverride w:val="${start}"/></w:lvlOverride>`);
    return (
      HEADER +
      wordRoot('numbering') +
      abstract(
        1,
        levels((level) => `<w:numFmt w:val="bullet"/><w:lvlText w:val="${BULLETS[level % BULLETS.length]}"/>`, 1),
      ) +
      [...this.orderedStarts]
        .map(([start, id]) =>
          abstract(
            id,
            levels((level) => `<w:numFmt w:val="decimal"/><w:lvlText w:val="%${level + 1}."/>`, start),
          ),
        )
        .join('') +
      this.instances.map(({ abstractId, start, level }, i) => `<w:num w:numId="${i + 1}"><w:abstractNumId w:val="${abstractId}"/>${override(start, level)}</w:num>`).join('') +
      '</w:numbering>'
    );
  }
}

/** The relationships of word/document.xml: its fixed parts, then one per distinct hyperlink address. */
export class DocumentRelationships {
  private static readonly FIXED = ['styles', 'numbering', 'settings'] as const;
  private readonly links = new Map<string, string>();

  /** The relationship id of an external hyperlink (one per address, however often it is linked). */
  hyperlink(url: string): string {
    let id = this.links.get(url);
    if (!id) {
      id = `rId${DocumentRelationships.FIXED.length + this.links.size + 1}`;
      this.links.set(url, id);
    }
    return id;
  }

  xml(): string {
    const fixed = DocumentRelationships.FIXED.map((part, i) => `<Relationship Id="rId${i + 1}" Type="${OFFICE_RELS}/${part}" Target="${part}.xml"/>`);
    const links = [...this.links].map(([url, id]) => `<Relationship Id="${id}" Type="${OFFICE_RELS}/hyperlink" Target="${escapeXml(url)}" TargetMode="External"/>`);
    return `${HEADER}<Relationships xmlns="${PACKAGE_RELS}">${fixed.join('')}${links.join('')}</Relationships>`;
  }
}

const CONTENT_TYPES_XML =
  HEADER +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  [
    ['/word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
    ['/word/styles.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml'],
    ['/word/numbering.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml'],
    ['/word/settings.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml'],
    ['/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'],
    ['/docProps/app.xml', 'application/vnd.openxmlformats-officedocument.extended-properties+xml'],
  ]
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join('') +
  '</Types>';

const PACKAGE_RELS_XML =
  `${HEADER}<Relationships xmlns="${PACKAGE_RELS}">` +
  `<Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="word/document.xml"/>` +
  `<Relationship Id="rId2" Type="${PACKAGE_RELS}/metadata/core-properties" Target="docProps/core.xml"/>` +
  `<Relationship Id="rId3" Type="${OFFICE_RELS}/extended-properties" Target="docProps/app.xml"/>` +
  '</Relationships>';

/** Tab stops every half inch, and Word 2013+ layout (no compatibility mode). */
const SETTINGS_XML = `${HEADER}${wordRoot('settings')}<w:defaultTabStop w:val="720"/><w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>`;

const APP_XML = `${HEADER}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>PRD Studio</Application></Properties>`;

function coreXml(title: string, now: Date): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    HEADER +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${escapeXml(title)}</dc:title><dc:creator>PRD Studio</dc:creator><cp:lastModifiedBy>PRD Studio</cp:lastModifiedBy><cp:revision>1</cp:revision>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

export interface DocxParts {
  title: string;
  /** word/document.xml, complete. */
  document: string;
  numbering: ListNumbering;
  relationships: DocumentRelationships;
}

/**
 * The .docx file: every part deflated by Node's zlib (native code, off the JavaScript thread) at its
 * default level, and zipped by yazl with sizes and checksums in the local headers, [Content_Types].xml
 * first, as Word writes them.
 */
export async function zipDocx({ title, document, numbering, relationships }: DocxParts): Promise<Buffer> {
  const now = new Date();
  const parts: Array<[string, string]> = [
    ['[Content_Types].xml', CONTENT_TYPES_XML],
    ['_rels/.rels', PACKAGE_RELS_XML],
    ['docProps/core.xml', coreXml(title, now)],
    ['docProps/app.xml', APP_XML],
    ['word/document.xml', document],
    ['word/_rels/document.xml.rels', relationships.xml()],
    ['word/styles.xml', STYLES_XML],
    ['word/numbering.xml', numbering.xml()],
    ['word/settings.xml', SETTINGS_XML],
  ];
  const zip = new ZipFile();
  for (const [name, xml] of parts) zip.addBuffer(Buffer.from(xml, 'utf8'), name, { mtime: now, compressionLevel: 6 });
  zip.end();
  return buffer(zip.outputStream);
}
