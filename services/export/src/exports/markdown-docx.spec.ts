import { describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { readFileSync } from 'node:fs';
import { markdownToDocx } from './markdown-docx.js';

const fixture = readFileSync(new URL('../../test/fixtures/every-construct.md', import.meta.url), 'utf8');

/** Mammoth's reading of our own styles (its default map already knows headings, lists, tables, links). */
const STYLE_MAP = [
  "p[style-name='Title'] => h1.title:fresh",
  "p[style-name='Code Block'] => pre:separator('\\n')",
  "p[style-name='Block Quote'] => blockquote > p:fresh",
  "r[style-name='Inline Code'] => code",
];

/** The .docx read back by mammoth, as a DOM to query. */
async function readBack(docx: Buffer): Promise<{ document: Document; warnings: string[] }> {
  const result = await mammoth.convertToHtml({ buffer: docx }, { styleMap: STYLE_MAP });
  return { document: new JSDOM(result.value).window.document, warnings: result.messages.map((m) => m.message) };
}

const texts = (elements: Iterable<Element>) => [...elements].map((e) => e.textContent);

/** A list item's own text, without the items of the lists nested in it. */
function ownText(item: Element): string {
  const copy = item.cloneNode(true) as Element;
  for (const nested of [...copy.querySelectorAll('ul, ol')]) nested.remove();
  return copy.textContent ?? '';
}

function depth(item: Element): number {
  let level = 0;
  for (let parent = item.parentElement; parent; parent = parent.parentElement) if (parent.tagName === 'LI') level++;
  return level;
}

describe('markdownToDocx', () => {
  it('keeps the headings, list items, table cells, bold text and links of a document using every construct, in order', async () => {
    const { document, warnings } = await readBack(await markdownToDocx({ title: 'Checkout Redesign', markdown: fixture }));
    expect(warnings).toEqual([]);

    expect([...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => [h.tagName, h.className, h.textContent])).toEqual([
      ['H1', 'title', 'Checkout Redesign'],
      ['H2', '', 'Overview'],
      ['H3', '', 'Goals'],
      ['H4', '', 'Tasks'],
      ['H5', '', 'Metrics'],
      ['H6', '', 'Notes'],
    ]);

    expect([...document.querySelectorAll('li')].map((li) => [li.parentElement?.tagName, depth(li), ownText(li)])).toEqual([
      ['UL', 0, 'Cut checkout time in half'],
      ['UL', 0, 'Raise conversion'],
      ['UL', 1, 'Mobile first'],
      ['UL', 2, 'Apple Pay'],
      ['UL', 0, 'Keep the style guide current'],
      ['OL', 0, 'Discovery'],
      ['OL', 0, 'Design'],
      ['OL', 1, 'Wireframes'],
      ['OL', 1, 'Prototype'],
      ['OL', 0, 'Build'],
      ['OL', 0, 'Beta'],
      ['OL', 0, 'General availability'],
      ['UL', 0, '☑ Write the brief'],
      ['UL', 0, '☐ Review with legal'],
    ]);

    const rows = [...document.querySelectorAll('table tr')].map((tr) => [...tr.children].map((cell) => [cell.tagName, cell.textContent]));
    expect(rows).toEqual([
      [
        ['TH', 'Metric'],
        ['TH', 'Target'],
        ['TH', 'Owner'],
      ],
      [
        ['TD', 'Conversion'],
        ['TD', '+5%'],
        ['TD', 'Growth'],
      ],
      [
        ['TD', 'Latency'],
        ['TD', 'under 200 ms'],
        ['TD', 'Platform'],
      ],
    ]);

    expect(texts(document.querySelectorAll('strong'))).toEqual(['faster payment', 'checkout', 'legal', 'Metric', 'Target', 'Owner', 'Platform']);
    expect([...document.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['research notes', 'https://example.com/research'],
      ['style guide', 'https://example.com/style'],
      ['https://example.com/flow.png', 'https://example.com/flow.png'],
      ['specification', 'https://example.com/spec'],
    ]);
  });

  it('keeps italic, inline code, strike-through, line breaks, code blocks, quotes, images and footnotes', async () => {
    const { document } = await readBack(await markdownToDocx({ title: 'Checkout Redesign', markdown: fixture }));
    const overview = document.querySelector('h2 + p');
    expect(texts(overview?.querySelectorAll('em') ?? [])).toEqual(['clearer errors']);
    expect(texts(overview?.querySelectorAll('code') ?? [])).toEqual(['retryPayment()']);
    expect(texts(overview?.querySelectorAll('s') ?? [])).toEqual(['gift wrapping']);
    expect(overview?.querySelectorAll('br')).toHaveLength(1);
    expect(overview?.textContent).toContain('research notes. Soft line endings join the same paragraph,while a hard break');

    // One code paragraph, its lines kept apart by line breaks and its indentation by a tab.
    expect([...document.querySelectorAll('pre')].map((pre) => pre.innerHTML)).toEqual(['const total = items.reduce((sum, item) =&gt; sum + item.price, 0);<br>\treturn total;']);
    expect(texts(document.querySelectorAll('blockquote p'))).toEqual(['Customers abandon slow checkouts.', 'Support tickets agree.']);
    const image = [...document.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Checkout flow'));
    expect(image?.textContent).toBe('Checkout flow (https://example.com/flow.png)');
    expect(texts(document.querySelectorAll('sup'))).toEqual(['[risk]', '[risk] ']);
  });

  it('numbers an ordered list from its own start, restarts every list and draws horizontal rules', async () => {
    const zip = await JSZip.loadAsync(await markdownToDocx({ title: 'Plan', markdown: fixture }));
    const numbering = (await zip.file('word/numbering.xml')?.async('string')) ?? '';
    const body = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(numbering).toContain('<w:startOverride w:val="4"/>');
    // Each ordered list (two, and a nested one) is its own numbering instance, restarting the level it is at; the bulleted
    // lists (two, and their nested ones) share one.
    const numIds = (numbered: RegExp) => new Set([...body.matchAll(numbered)].map((m) => m[1]));
    expect(numIds(/<w:numId w:val="(\d+)"\/>/g).size).toBe(4);
    const instances = [...numbering.matchAll(/<w:num w:numId="\d+">(.*?)<\/w:num>/g)].map((m) => (m[1]!.match(/<w:lvlOverride /g) ?? []).length);
    expect(instances).toEqual([0, 1, 1, 1]);
    expect(body).toContain('<w:pBdr><w:bottom');
  });

  it('opens with the title once, whether or not the markdown repeats it as its first heading', async () => {
    const repeated = await readBack(await markdownToDocx({ title: 'Plan', markdown: '# Plan\n\nBody' }));
    expect(texts(repeated.document.querySelectorAll('h1'))).toEqual(['Plan']);
    const different = await readBack(await markdownToDocx({ title: 'Plan', markdown: '# Scope\n\nBody' }));
    expect([...different.document.querySelectorAll('h1')].map((h) => [h.className, h.textContent])).toEqual([
      ['title', 'Plan'],
      ['', 'Scope'],
    ]);
  });

  it('exports an empty document as its title alone and keeps unicode text', async () => {
    const empty = await readBack(await markdownToDocx({ title: 'Empty', markdown: '' }));
    expect(empty.document.body.innerHTML).toBe('<h1 class="title">Empty</h1>');
    const unicode = await readBack(await markdownToDocx({ title: 'Café ✓', markdown: 'Grüße aus Zürich — 東京 🚀' }));
    expect(texts(unicode.document.querySelectorAll('h1, p'))).toEqual(['Café ✓', 'Grüße aus Zürich — 東京 🚀']);
  });
});

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The paragraphs and tables of word/document.xml, parsed. */
async function body(markdown: string): Promise<Element[]> {
  const zip = await JSZip.loadAsync(await markdownToDocx({ title: '', markdown }));
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const parsed = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  return [...(parsed.getElementsByTagNameNS(W, 'body')[0]?.children ?? [])].filter((e) => e.localName !== 'sectPr');
}

/** A WordprocessingML attribute of the first descendant of that name, e.g. `prop(p, 'ind', 'left')`. */
const prop = (element: Element, name: string, attribute = 'val') => element.getElementsByTagNameNS(W, name)[0]?.getAttributeNS(W, attribute) ?? null;

describe('markdownToDocx, construct by construct', () => {
  it('nests lists of either kind, keeps the rest of an item indented under it and numbers lists inside quotes', async () => {
    const markdown = ['1. First', '   - bullet in ordered', '     1. ordered in bullet', '', '   More of the first item.', '2. Second', '', '> - quoted item'].join('\n');
    const { document } = await readBack(await markdownToDocx({ title: 'Lists', markdown }));
    expect([...document.querySelectorAll('li')].map((li) => [li.parentElement?.tagName, depth(li), ownText(li)])).toEqual([
      ['OL', 0, 'First'],
      ['UL', 1, 'bullet in ordered'],
      ['OL', 2, 'ordered in bullet'],
      ['OL', 0, 'Second'],
    ]);

    const blocks = await body(markdown);
    expect(blocks.map((p) => [prop(p, 'pStyle'), prop(p, 'ilvl'), prop(p, 'ind', 'left'), prop(p, 'ind', 'hanging'), p.textContent])).toEqual([
      ['ListParagraph', '0', '720', '360', 'First'],
      ['ListParagraph', '1', '1440', '360', 'bullet in ordered'],
      ['ListParagraph', '2', '2160', '360', 'ordered in bullet'],
      [null, null, '720', null, 'More of the first item.'],
      ['ListParagraph', '0', '720', '360', 'Second'],
      ['BlockQuote', '0', '1440', '360', 'quoted item'],
    ]);
    // The quoted list item carries the quote's bar as well as its number.
    expect(prop(blocks[5]!, 'left')).toBe('single');
  });

  it('aligns table columns as the delimiter row says, repeats the header row and indents a table inside a list', async () => {
    const blocks = await body('| left | centre | right | none |\n| :-- | :-: | --: | --- |\n| a | b | c | d |\n\n- item\n\n  | x |\n  | - |\n  | y |');
    const [table, , nested] = blocks;
    const cells = (t: Element | undefined) =>
      [...(t?.getElementsByTagNameNS(W, 'tr') ?? [])].map((tr) => [...tr.getElementsByTagNameNS(W, 'tc')].map((tc) => [prop(tc, 'jc'), tc.textContent]));
    expect(cells(table)).toEqual([
      [
        ['left', 'left'],
        ['center', 'centre'],
        ['right', 'right'],
        [null, 'none'],
      ],
      [
        ['left', 'a'],
        ['center', 'b'],
        ['right', 'c'],
        [null, 'd'],
      ],
    ]);
    expect([...(table?.getElementsByTagNameNS(W, 'tr') ?? [])].map((tr) => tr.getElementsByTagNameNS(W, 'tblHeader').length)).toEqual([1, 0]);
    expect(prop(table!, 'tblW', 'w')).toBe('9360');
    expect([...table!.getElementsByTagNameNS(W, 'gridCol')].map((col) => col.getAttributeNS(W, 'w'))).toEqual(['2340', '2340', '2340', '2340']);
    expect(nested?.localName).toBe('tbl');
    expect([prop(nested!, 'tblInd', 'w'), prop(nested!, 'tblW', 'w')]).toEqual(['720', '8640']);
  });

  it('keeps code blocks and raw HTML blocks as typed, line by line, and leaves HTML comments out', async () => {
    const markdown = '```\nif (a < b && c > d) {\n\n\treturn "x";\n}\n```\n\n<div>\n  <b>raw</b>\n</div>\n\n<!-- a note to the author -->\n\nAfter.';
    const { document } = await readBack(await markdownToDocx({ title: 'Code', markdown }));
    // Two code paragraphs in a row: mammoth's style map joins them into one <pre> with a line ending.
    expect([...document.querySelectorAll('pre')].map((pre) => pre.innerHTML)).toEqual([
      'if (a &lt; b &amp;&amp; c &gt; d) {<br><br>\treturn "x";<br>}\n&lt;div&gt;<br>  &lt;b&gt;raw&lt;/b&gt;<br>&lt;/div&gt;',
    ]);
    expect(document.body.textContent).not.toContain('a note to the author');
    expect(texts(document.querySelectorAll('p'))).toEqual(['After.']);
  });

  it('writes images as their alt text and a link to their address, and never nests a link in a link', async () => {
    const { document } = await readBack(
      await markdownToDocx({
        title: 'Images',
        markdown: '![Diagram](https://example.com/d.png)\n\n![](https://example.com/bare.png)\n\n[![Logo](https://example.com/logo.png)](https://example.com/home)',
      }),
    );
    expect([...document.querySelectorAll('p')].map((p) => [p.textContent, [...p.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])])).toEqual([
      ['Diagram (https://example.com/d.png)', [['https://example.com/d.png', 'https://example.com/d.png']]],
      ['(https://example.com/bare.png)', [['https://example.com/bare.png', 'https://example.com/bare.png']]],
      ['Logo (https://example.com/logo.png)', [['Logo (https://example.com/logo.png)', 'https://example.com/home']]],
    ]);
    expect(texts(document.querySelectorAll('em'))).toEqual(['Diagram ', 'Logo ']);
  });

  it('links only http, https and mailto targets; any other target (file, UNC, ms- handlers, javascript, relative) stays plain text', async () => {
    const targets = [
      'file:///C:/Windows/System32/calc.exe',
      'FILE://server/share/payload.docm',
      '\\\\attacker.example\\share\\x.dll',
      'http:\\\\attacker.example\\share',
      'ms-msdt:/id PCWDiagnostic /skip force',
      'ms-word:ofe|u|https://attacker.example/x.docx',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'vbscript:msgbox(1)',
      'search-ms:query=invoice',
      '//attacker.example/share/x.exe',
      '../secrets/notes.txt',
      '#top',
    ];
    const markdown = [
      ...targets.map((target, i) => `[unsafe ${i}](<${target}>)`),
      '![picture](<//attacker.example/x.png>)',
      '<ms-excel:ofe|u|https://attacker.example/x.xlsx>',
      '[web](https://example.com/a) [plain web](HTTP://example.com/b) [mail](mailto:pm@example.com) <https://example.com/auto>',
    ].join('\n\n');
    const docx = await markdownToDocx({ title: 'Links', markdown });
    const { document } = await readBack(docx);
    expect([...document.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['web', 'https://example.com/a'],
      ['plain web', 'HTTP://example.com/b'],
      ['mail', 'mailto:pm@example.com'],
      ['https://example.com/auto', 'https://example.com/auto'],
    ]);
    const text = document.body.textContent ?? '';
    for (let i = 0; i < targets.length; i++) expect(text).toContain(`unsafe ${i}`);
    expect(text).toContain('picture (//attacker.example/x.png)');
    const relationships = await (await JSZip.loadAsync(docx)).file('word/_rels/document.xml.rels')!.async('string');
    expect([...relationships.matchAll(/Target="([^"]*)" TargetMode="External"/g)].map((m) => m[1])).toEqual([
      'https://example.com/a',
      'HTTP://example.com/b',
      'mailto:pm@example.com',
      'https://example.com/auto',
    ]);
  });

  it('formats links, inline HTML and combined emphasis', async () => {
    const { document } = await readBack(
      await markdownToDocx({ title: 'Inline', markdown: '[**bold** and `code`](https://example.com/x) <span>kept</span> a<br>b <!-- gone --> ***~~all~~***' }),
    );
    const link = document.querySelector('a');
    expect([link?.getAttribute('href'), link?.querySelector('strong')?.textContent, link?.querySelector('code')?.textContent]).toEqual(['https://example.com/x', 'bold', 'code']);
    expect(document.querySelector('p')?.textContent).toBe('bold and code <span>kept</span> ab  all');
    expect(document.querySelectorAll('p br')).toHaveLength(1);
    const struck = document.querySelector('s');
    expect([struck?.textContent, struck?.closest('strong') !== null, struck?.closest('em') !== null]).toEqual(['all', true, true]);
  });
});
