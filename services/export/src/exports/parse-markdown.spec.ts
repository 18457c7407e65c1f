import { describe, expect, it } from '@jest/globals';
import { parseMarkdown } from './parse-markdown.js';

const blocks = (markdown: string) => parseMarkdown(markdown).children;

describe('parseMarkdown', () => {
  it('reads headings, paragraphs with every inline mark, and keeps soft line endings inside one text node', () => {
    expect(parseMarkdown('## Scope\n\nA **bold** and _slanted_ ~~gone~~ `code()`\nnext line  \nafter break')).toEqual({
      type: 'root',
      children: [
        { type: 'heading', depth: 2, children: [{ type: 'text', value: 'Scope' }] },
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'A ' },
            { type: 'strong', children: [{ type: 'text', value: 'bold' }] },
            { type: 'text', value: ' and ' },
            { type: 'emphasis', children: [{ type: 'text', value: 'slanted' }] },
            { type: 'text', value: ' ' },
            { type: 'delete', children: [{ type: 'text', value: 'gone' }] },
            { type: 'text', value: ' ' },
            { type: 'inlineCode', value: 'code()' },
            { type: 'text', value: '\nnext line' },
            { type: 'break' },
            { type: 'text', value: 'after break' },
          ],
        },
      ],
    });
  });

  it('nests lists, keeps an ordered list start and reads task boxes out of the item text', () => {
    expect(blocks('3. three\n   - [x] done\n   - [ ] open\n   - [y] not a box\n')).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 3,
        children: [
          {
            type: 'listItem',
            children: [
              { type: 'paragraph', children: [{ type: 'text', value: 'three' }] },
              {
                type: 'list',
                ordered: false,
                children: [
                  { type: 'listItem', checked: true, children: [{ type: 'paragraph', children: [{ type: 'text', value: 'done' }] }] },
                  { type: 'listItem', checked: false, children: [{ type: 'paragraph', children: [{ type: 'text', value: 'open' }] }] },
                  { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', value: '[y] not a box' }] }] },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('reads a table with its column alignments, cells holding inline marks', () => {
    expect(blocks('| A | B | C |\n| :- | :-: | - |\n| **x** | y |\n')).toEqual([
      {
        type: 'table',
        align: ['left', 'center', null],
        children: [
          {
            type: 'tableRow',
            children: ['A', 'B', 'C'].map((value) => ({ type: 'tableCell', children: [{ type: 'text', value }] })),
          },
          {
            type: 'tableRow',
            children: [
              { type: 'tableCell', children: [{ type: 'strong', children: [{ type: 'text', value: 'x' }] }] },
              { type: 'tableCell', children: [{ type: 'text', value: 'y' }] },
              // markdown-it pads a short row to the header's width.
              { type: 'tableCell', children: [] },
            ],
          },
        ],
      },
    ]);
  });

  it('gives code blocks without their last line ending, keeps raw HTML and quotes, and reads rules', () => {
    expect(blocks('```ts\nconst a = 1;\n\n```\n\n    indented\n\n<div>\nraw\n</div>\n\n> quoted\n\n---\n')).toEqual([
      { type: 'code', lang: 'ts', value: 'const a = 1;\n' },
      { type: 'code', lang: null, value: 'indented' },
      { type: 'html', value: '<div>\nraw\n</div>' },
      { type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'quoted' }] }] },
      { type: 'thematicBreak' },
    ]);
  });

  it('resolves reference links and images wherever their definition is, and links bare web addresses (a www. one without its scheme stays text)', () => {
    expect(
      blocks('See [the spec][spec], ![flow][img] and https://example.com/faq, not www.example.com.\n\n[spec]: https://example.com/spec\n[img]: https://example.com/flow.png\n'),
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'See ' },
          { type: 'link', url: 'https://example.com/spec', children: [{ type: 'text', value: 'the spec' }] },
          { type: 'text', value: ', ' },
          { type: 'image', url: 'https://example.com/flow.png', alt: 'flow' },
          { type: 'text', value: ' and ' },
          { type: 'link', url: 'https://example.com/faq', children: [{ type: 'text', value: 'https://example.com/faq' }] },
          { type: 'text', value: ', not www.example.com.' },
        ],
      },
    ]);
    // Nor at the start of a paragraph (markdown-it 15 linked it there).
    expect(blocks('www.example.com and a@example.com')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'www.example.com and ' },
          { type: 'link', url: 'mailto:a@example.com', children: [{ type: 'text', value: 'a@example.com' }] },
        ],
      },
    ]);
  });

  it('does not make links of script or data addresses, which Word would otherwise offer to open', () => {
    expect(blocks('[run](javascript:alert(1))')).toEqual([{ type: 'paragraph', children: [{ type: 'text', value: '[run](javascript:alert(1))' }] }]);
  });

  it('moves footnote definitions to the end with their labels, numbers inline footnotes and drops unreferenced ones', () => {
    expect(blocks('Risk[^risk] and cost^[Budget.].\n\n[^risk]: Outages.\n\n[^unused]: Never cited.\n\nAfter.')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'Risk' },
          { type: 'footnoteReference', identifier: '0', label: 'risk' },
          { type: 'text', value: ' and cost' },
          { type: 'footnoteReference', identifier: '1', label: '2' },
          { type: 'text', value: '.' },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', value: 'After.' }] },
      { type: 'footnoteDefinition', identifier: '0', label: 'risk', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Outages.' }] }] },
      { type: 'footnoteDefinition', identifier: '1', label: '2', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Budget.' }] }] },
    ]);
  });

  it('reads an empty document as an empty tree', () => {
    expect(parseMarkdown('')).toEqual({ type: 'root', children: [] });
  });
});
