import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  AlignmentType,
  CheckBox,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Tab,
  Table,
  TableCell,
  TableRow,
  TextRun,
  type ISectionOptions,
} from 'docx';
import TurndownService from 'turndown';
import { docxToMarkdown } from './docx.js';

const text = (value: string) => new Paragraph({ children: [new TextRun(value)] });
const bullet = (value: string, level = 0) => new Paragraph({ children: [new TextRun(value)], numbering: { reference: 'bullets', level } });
const numbered = (value: string, level = 0) => new Paragraph({ children: [new TextRun(value)], numbering: { reference: 'numbers', level } });
const cell = (...children: Paragraph[]) => new TableCell({ children });

/** A Word file as the `docx` library writes one, with the styles of the product's own Word export and two list definitions. */
async function convert(children: ISectionOptions['children'], footnotes?: Record<number, { children: Paragraph[] }>): Promise<string> {
  const levels = (format: (typeof LevelFormat)[keyof typeof LevelFormat]) =>
    [0, 1, 2].map((level) => ({ level, format, text: format === LevelFormat.BULLET ? '•' : `%${level + 1}.`, alignment: AlignmentType.START }));
  const file = new Document({
    styles: {
      paragraphStyles: [
        { id: 'CodeBlock', name: 'Code Block', run: { font: 'Courier New' } },
        { id: 'BlockQuote', name: 'Block Quote', run: { italics: true } },
      ],
      characterStyles: [{ id: 'InlineCode', name: 'Inline Code', run: { font: 'Courier New' } }],
    },
    numbering: {
      config: [
        { reference: 'bullets', levels: levels(LevelFormat.BULLET) },
        { reference: 'numbers', levels: levels(LevelFormat.DECIMAL) },
      ],
    },
    footnotes,
    sections: [{ children }],
  });
  return (await docxToMarkdown(await Packer.toBuffer(file))).markdown;
}

describe('docxToMarkdown, a Word file written as markdown from mammoth’s document model', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('reads back what the product’s Word export writes: the title as a heading, code blocks, quotes, inline code and task boxes; an empty code paragraph is left out', async () => {
    const markdown = await convert([
      new Paragraph({ text: 'Checkout PRD', heading: HeadingLevel.TITLE }),
      new Paragraph({ children: [new TextRun('Call '), new TextRun({ text: 'pay(cart)', style: 'InlineCode' }), new TextRun(' once.')] }),
      new Paragraph({ style: 'CodeBlock', children: [new TextRun('{ "a": 1,'), new TextRun({ break: 1 }), new TextRun({ children: [new Tab(), '"b": `x` }'] })] }),
      new Paragraph({ style: 'BlockQuote', children: [new TextRun('Decided: '), new TextRun({ text: 'markdown', bold: true })] }),
      new Paragraph({ style: 'BlockQuote', children: [new TextRun('Second paragraph.')] }),
      bullet('☐ open task'),
      bullet('☑ done task'),
      new Paragraph({ style: 'CodeBlock', children: [new TextRun({ break: 1 })] }),
    ]);
    expect(markdown).toBe(
      [
        '# Checkout PRD',
        '',
        'Call `pay(cart)` once.',
        '',
        '```',
        '{ "a": 1,',
        '\t"b": `x` }',
        '```',
        '',
        '> Decided: **markdown**',
        '>',
        '> Second paragraph.',
        '',
        '- [ ] open task',
        '- [x] done task',
      ].join('\n'),
    );
  });

  it('nests lists by their Word level, numbers each ordered list, and keeps a list of the other kind apart', async () => {
    const markdown = await convert([
      bullet('plain'),
      bullet('nested', 1),
      bullet('third level', 2),
      bullet('nested again', 1),
      bullet('back at top'),
      numbered('first'),
      numbered('second'),
      numbered('nested ordered', 1),
      numbered('third'),
      text('after'),
      bullet('skips a level', 2),
    ]);
    expect(markdown).toBe(
      [
        '- plain',
        '  - nested',
        '    - third level',
        '  - nested again',
        '- back at top',
        '',
        '1. first',
        '2. second',
        '   1. nested ordered',
        '3. third',
        '',
        'after',
        '',
        '- skips a level',
      ].join('\n'),
    );
  });

  it('writes bold, italic and strike-through nested as the HTML path did, spaces outside the marks, runs of one formatting as one, text escaped', async () => {
    const markdown = await convert([
      new Paragraph({
        children: [
          new TextRun('We make '),
          new TextRun({ text: 'checkout ', bold: true }),
          new TextRun({ text: 'much', bold: true }),
          new TextRun({ text: ' faster', bold: true, italics: true }),
          new TextRun(' and '),
          new TextRun({ text: 'gone', strike: true }),
          new TextRun('.   Costs 2 * 3 [units] of under_score.'),
        ],
      }),
      new Paragraph({ children: [new TextRun('1. not a list'), new TextRun({ break: 1 }), new TextRun('- nor this')] }),
    ]);
    expect(markdown).toBe('We make **checkout much _faster_** and ~gone~. Costs 2 \\* 3 \\[units\\] of under\\_score.\n\n1\\. not a list  \n\\- nor this');
  });

  it('writes links with their text and an address whose spaces and parentheses are encoded, and a checkbox at an item’s start as a task', async () => {
    const markdown = await convert([
      new Paragraph({
        children: [
          new TextRun('See '),
          new ExternalHyperlink({
            link: 'https://example.com/a (b)',
            children: [new TextRun({ text: 'the ', style: 'Hyperlink' }), new TextRun({ text: 'research', bold: true })],
          }),
          new TextRun('.'),
        ],
      }),
      new Paragraph({ children: [new CheckBox({ checked: true }), new TextRun(' shipped')], numbering: { reference: 'bullets', level: 0 } }),
    ]);
    expect(markdown).toBe('See [the **research**](https://example.com/a%20%28b%29).\n\n- [x] shipped');
  });

  it('numbers footnotes in the order of their references and lists them at the end', async () => {
    const markdown = await convert(
      [new Paragraph({ children: [new TextRun('Claim'), new FootnoteReferenceRun(2), new TextRun(' and another'), new FootnoteReferenceRun(1), new TextRun('.')] })],
      { 1: { children: [text('The first note.')] }, 2: { children: [text('Source: a survey.')] } },
    );
    expect(markdown).toBe('Claim\\[1\\] and another\\[2\\].\n\n1. Source: a survey.\n\n2. The first note.');
  });

  it('writes a table as GFM, the first row its header, cells on one line, a `|` escaped and a spanning cell padded', async () => {
    const markdown = await convert([
      new Table({
        rows: [
          new TableRow({ children: [cell(text('Name')), cell(text('Notes | more'))] }),
          new TableRow({ children: [new TableCell({ columnSpan: 2, children: [text('one'), text('two')] })] }),
          new TableRow({ children: [cell(bullet('x'), bullet('y')), cell(text('z'))] }),
        ],
      }),
    ]);
    expect(markdown).toBe(['| Name | Notes \\| more |', '| --- | --- |', '| one two |  |', '| - x - y | z |'].join('\n'));
  });

  it('builds no HTML: turndown is never called for a Word file', async () => {
    const turndown = jest.spyOn(TurndownService.prototype, 'turndown');
    await convert([text('Plain text.')]);
    expect(turndown).not.toHaveBeenCalled();
  });
});
