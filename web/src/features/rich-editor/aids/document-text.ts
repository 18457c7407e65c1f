import type { TextQuote } from '@prd/proto/text-quote';
import type { Node } from '@tiptap/pm/model';

/**
 * The document's text as comment anchors measure it: its text nodes in reading order, joined without
 * separators (what the rendered document's `textContent` reads; images, breaks and widgets add nothing).
 * `starts[i]` is where text node i begins in that text, `positions[i]` where it begins in the document.
 */
export interface DocumentText {
  text: string;
  starts: number[];
  positions: number[];
}

export function documentText(doc: Node): DocumentText {
  const pieces: string[] = [];
  const starts: number[] = [];
  const positions: number[] = [];
  let length = 0;
  doc.descendants((node, pos) => {
    if (!node.isText) return true;
    pieces.push(node.text!);
    starts.push(length);
    positions.push(pos);
    length += node.text!.length;
    return false;
  });
  return { text: pieces.join(''), starts, positions };
}

/** The index of the last text node starting at or before `offset` (binary search). */
function nodeAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The document position of a text offset; `end` puts an offset between two nodes at the end of the first. */
export function positionOf({ starts, positions }: DocumentText, offset: number, end = false): number {
  const index = nodeAt(starts, end ? offset - 1 : offset);
  return positions[index]! + offset - starts[index]!;
}

/** The text offset of a document position: inside a text node exact, elsewhere that of the nearest text before it. */
export function offsetOf({ text, starts, positions }: DocumentText, position: number): number {
  let low = 0;
  let high = positions.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (positions[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  if (positions.length === 0) return 0;
  const start = starts[low]!;
  const nodeEnd = low + 1 < starts.length ? starts[low + 1]! : text.length;
  return Math.max(start, Math.min(nodeEnd, start + position - positions[low]!));
}

/**
 * Inline markdown as the editor's text holds it: without link, emphasis, strike and code syntax, escapes resolved. Best-effort:
 * a passage cut through a bold run keeps the half marker it holds, and is then not found.
 */
const plainInline = (text: string): string =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*\\])([*_])(?=[^\s*_])(.+?)(?<=[^\s\\])\2(?![\w*])/g, '$1$3')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1');

/** A line of markdown as the editor's text holds it: without a heading's, list item's or quote's marker, nor inline syntax. */
export const plainLine = (line: string): string => plainInline(line.trim().replace(/^(#{1,6}|[-*+>]|\d+[.)])\s+/, ''));

/** Markdown lines as the editor's text holds them: each line's text, joined without separators (blocks have none). */
export const editorTextOf = (markdown: string): string => markdown.split('\n').map(plainLine).join('');

/**
 * A quote taken from the markdown (its passage may hold `**`, a link's address, a list's marker) as the editor's text holds
 * it, to be found there. Its context keeps the spaces beside the passage, which `editorTextOf` trims from each line.
 */
export function editorQuoteOf(quote: TextQuote): TextQuote {
  const prefixLine = quote.prefix.split('\n').pop() ?? '';
  const suffixLine = quote.suffix.split('\n')[0] ?? '';
  const before = /\S/.test(prefixLine) ? (/\s*$/.exec(prefixLine)?.[0] ?? '') : '';
  const after = /\S/.test(suffixLine) ? (/^\s*/.exec(suffixLine)?.[0] ?? '') : '';
  return { exact: editorTextOf(quote.exact), prefix: editorTextOf(quote.prefix) + before, suffix: after + editorTextOf(quote.suffix) };
}

/** A quote's passage (or a suggested replacement) to read in a list or a thread: its text without markdown syntax, its lines joined by spaces or kept. */
export const quoteText = (exact: string, between: ' ' | '\n' = ' '): string => exact.split('\n').map(plainLine).filter(Boolean).join(between);
