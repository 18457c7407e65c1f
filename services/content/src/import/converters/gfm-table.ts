import type { DomElement } from './dom-element.js';

/** A table cell's markdown and how many columns it spans. */
export interface TableCellMarkdown {
  markdown: string;
  colSpan: number;
}

/** The rows of a table, its own only (not those of a table nested in a cell), and each row's cells. */
function rowsOf(table: DomElement): DomElement[][] {
  const rows: DomElement[] = [];
  for (const child of Array.from(table.children)) {
    if (child.nodeName === 'TR') rows.push(child);
    else if (['THEAD', 'TBODY', 'TFOOT'].includes(child.nodeName)) rows.push(...Array.from(child.children).filter((c) => c.nodeName === 'TR'));
  }
  return rows.map((row) => Array.from(row.children).filter((c) => c.nodeName === 'TD' || c.nodeName === 'TH'));
}

/** A cell's markdown on one line: GFM table cells hold inline content only, and a `|` would end the cell. */
const oneLine = (markdown: string) =>
  markdown
    .trim()
    .replace(/\s*\n+\s*/g, ' ')
    .replace(/\|/g, '\\|');

/**
 * Rows of cells as a GFM table. The first row is always the header (Word's usual table marks none,
 * and turndown-plugin-gfm would keep such a table as raw HTML), so every table becomes markdown.
 * A cell spanning columns is followed by empty cells, so the columns stay in line.
 */
export function gfmTableOf(cellRows: readonly (readonly TableCellMarkdown[])[]): string {
  const rows = cellRows.map((cells) => cells.flatMap((cell) => [oneLine(cell.markdown), ...Array<string>(Math.min(Math.max(cell.colSpan, 1), 100) - 1).fill('')]));
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (width === 0) return '';
  const line = (cells: string[]) => `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
  const [header, ...body] = rows;
  return [line(header!), line(Array<string>(width).fill('---')), ...body.map(line)].join('\n');
}

/** An HTML table as a GFM table (see gfmTableOf), each cell's markdown from `cellMarkdown`. */
export function gfmTable(table: DomElement, cellMarkdown: (cell: DomElement) => string): string {
  return gfmTableOf(rowsOf(table).map((cells) => cells.map((cell) => ({ markdown: cellMarkdown(cell), colSpan: Number(cell.getAttribute('colspan')) || 1 }))));
}
