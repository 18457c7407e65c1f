import { markdownBlocks } from '@prd/doc-model';
import { locateQuote, type TextQuote } from '@prd/proto/text-quote';
import type { Node } from '@tiptap/pm/model';
import { editorTextOf } from '../rich-editor/aids/document-text';

/** How much text before and after a quote is kept to find it again (docs/decisions/0012-sharing-and-roles.md). */
const CONTEXT = 32;
/** Syntax that opens a formatted run just before its text: emphasis, strike, code, a link's bracket. */
const OPENING = new Set(['*', '_', '~', '`', '[']);
/** Syntax that closes a formatted run just after its text. */
const CLOSING = new Set(['*', '_', '~', '`']);

/** Whether the position after `at` holds no text: a space, or a block's edge. */
const noText = (doc: Node, at: number): boolean => /^\s?$/.test(doc.textBetween(at, at + 1, '', ''));

/**
 * A selection's edge moved out of a formatted run to the run's own edge: a quote never cuts bold text, code or a link in
 * two, which would leave half of its markdown syntax in the quote.
 */
function runEdge(doc: Node, position: number, side: 'start' | 'end'): number {
  const $position = doc.resolve(position);
  const inside = $position.textOffset;
  if (inside === 0) return position;
  const run = $position.parent.child($position.index());
  if (run.marks.length === 0) return position;
  return side === 'start' ? position - inside : position - inside + run.nodeSize;
}

/** Where in `source`, read from `from`, `text` has been read: markdown is its text with syntax between; -1 if it is not. */
function readThrough(source: string, from: number, text: string): number {
  let at = from;
  for (const character of text) {
    const found = source.indexOf(character, at);
    if (found === -1) return -1;
    at = found + character.length;
  }
  return at;
}

const count = (text: string, character: string): number => text.split(character).length - 1;

const marked = (node: Node | null | undefined): boolean => node?.isText === true && node.marks.length > 0;

/** Whether `from` and `to` are in one text node: one run of the same formatting. */
function sameRun(doc: Node, from: number, to: number): boolean {
  const [$from, $to] = [doc.resolve(from), doc.resolve(to)];
  return $from.parent === $to.parent && $from.index() === ($to.textOffset > 0 ? $to.index() : $to.index() - 1);
}

/**
 * The W3C text-quote selector of the editor's selection `from`–`to` within one top-level block, made for the server, which
 * finds quotes in the document's markdown (`locateQuote`): the markdown of the selected passage, with the syntax of the
 * formatting inside it (`Ship **on time**`), and the markdown around it, so that the server finds this passage, not an
 * earlier one with the same text. The editor shows it by the passage's text (`editorQuoteOf`). Null when nothing is
 * selected, when the selection spans blocks, or when its markdown cannot be told apart.
 */
export function quoteFromEditor(doc: Node, from: number, to: number): TextQuote | null {
  // Spaces at either end are no part of what was meant, nor the edge of the next block (where a triple click may end).
  while (from < to && noText(doc, from)) from++;
  while (to > from && noText(doc, to - 1)) to--;
  if (from >= to || doc.resolve(from).index(0) !== doc.resolve(to).index(0)) return null;
  const index = doc.resolve(from).index(0);
  [from, to] = [runEdge(doc, from, 'start'), runEdge(doc, to, 'end')];

  const { markdown, blocks } = markdownBlocks(doc);
  const range = blocks[index]!;
  const block = doc.child(index);
  let blockStart = 0;
  for (let i = 0; i < index; i++) blockStart += doc.child(i).nodeSize;
  const source = markdown.slice(range.start, range.end);
  // A code block's fence line (```ts) is no part of its text.
  const body = block.type.spec.code ? source.indexOf('\n') + 1 : 0;
  const selected = doc.textBetween(from, to, '', '');
  const first = String.fromCodePoint(selected.codePointAt(0)!);
  const before = readThrough(source, body, doc.textBetween(blockStart, from, '', ''));
  const firstRead = before === -1 ? -1 : readThrough(source, before, first);
  if (firstRead === -1) return null;
  // From the passage's first character, with its escape, and with the syntax that opens the run it starts.
  let start = firstRead - first.length;
  // Within one run (a bold word) the passage is its text: what replaces it stays bold.
  const oneRun = sameRun(doc, from, to);
  if (start > before && source[start - 1] === '\\') start--;
  else if (!oneRun && marked(doc.resolve(from).nodeAfter)) while (start > before && OPENING.has(source[start - 1]!)) start--;
  let end = readThrough(source, start, selected);
  if (end === -1) return null;
  // To its last character, with the syntax that closes the run it ends and the address of a link whose text it holds.
  if (!oneRun && marked(doc.resolve(to).nodeBefore)) {
    while (end < source.length && CLOSING.has(source[end]!)) end++;
    if (count(source.slice(start, end), '[') > count(source.slice(start, end), ']')) end += /^[^\]\n]*\]\([^)\n]*\)/.exec(source.slice(end))?.[0].length ?? 0;
  }

  const exact = source.slice(start, end);
  // The editor must find it again by its text (the comment's highlight, the suggestion's tracked change).
  if (editorTextOf(exact) !== selected.trim() && exact !== selected) return null;
  const [at, until] = [range.start + start, range.start + end];
  const quote = { exact, prefix: markdown.slice(Math.max(0, at - CONTEXT), at), suffix: markdown.slice(until, until + CONTEXT) };
  return locateQuote(markdown, quote)?.start === at ? quote : null;
}
