import { afterEach, describe, expect, it, jest } from '@jest/globals';
import TurndownService from 'turndown';
import { htmlToMarkdown } from './html.js';

/** A table with a spanning cell, a `|` in a cell, paragraphs and a list in cells, an empty cell and a nested table. */
const TABLES =
  '<p>before</p><table><thead><tr><th>Name</th><th>Notes | more</th></tr></thead><tbody>' +
  '<tr><td colspan="2"><p>one</p><p>two</p></td></tr>' +
  '<tr><td></td><td><strong>bold</strong> <em>it</em> <a href="https://example.com/a">link</a></td></tr>' +
  '<tr><td><ul><li>x</li><li>y</li></ul></td><td><table><tr><td>inner</td><td>cell</td></tr></table></td></tr>' +
  '</tbody></table><p>after</p>';

describe('htmlToMarkdown, tables', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('writes every table as GFM, each cell on one line, spans padded with empty cells, a nested table flattened into its cell', () => {
    expect(htmlToMarkdown(TABLES).markdown).toBe(
      [
        'before',
        '',
        '| Name | Notes \\| more |',
        '| --- | --- |',
        '| one two |  |',
        '|  | **bold** _it_ [link](https://example.com/a) |',
        '| - x - y | \\| inner \\| cell \\| \\| --- \\| --- \\| |',
        '',
        'after',
      ].join('\n'),
    );
  });

  it('converts each cell once, in turndown’s walk, not again for its table (a 1 MB Word file has thousands of cells)', () => {
    const turndown = jest.spyOn(TurndownService.prototype, 'turndown');
    htmlToMarkdown(TABLES);
    expect(turndown).toHaveBeenCalledTimes(1);
  });
});
