import type { JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import type { Node } from '@tiptap/pm/model';
import { Lexer } from 'marked';
import { documentExtensions, documentSchema } from './extensions.js';
import { GAP_ATTRIBUTE, SOURCE_ATTRIBUTE, SOURCE_ATTRIBUTES, TAIL_ATTRIBUTE } from './markdown-source.js';

const manager = new MarkdownManager({ extensions: documentExtensions });

/** A block as the author wrote it: its source, and the text before it. */
interface SourceBlock {
  source: string;
  gap: string;
}

/**
 * The top-level tokens of GitHub-flavoured markdown, by marked (which `@tiptap/markdown` parses with),
 * without the editor's own tokenizers: the task-list one splits the rest of the document into lines at
 * every block, quadratic in a long document. Blocks are then parsed one by one with the editor's.
 * Only the block pass: `Lexer.lex` would go on to lex every block's inline text, which nothing here reads
 * (half of the split's time on a 100 kB document). `lex` turns \r\n into \n first; such text is not split.
 */
const blockTokens = (markdown: string) => new Lexer({ gfm: true }).blockTokens(markdown);

/** Splits markdown into top-level blocks. */
function splitBlocks(markdown: string): { blocks: SourceBlock[]; tail: string } | null {
  if (markdown.includes('\r')) return null;
  const tokens = blockTokens(markdown);
  if (tokens.map((token) => token.raw).join('') !== markdown) return null;
  const blocks: SourceBlock[] = [];
  let pending = '';
  for (const token of tokens) {
    if (token.type === 'space') {
      pending += token.raw;
      continue;
    }
    const source = token.raw.replace(/\n+$/, '');
    blocks.push({ source, gap: pending });
    pending = token.raw.slice(source.length);
  }
  return { blocks, tail: pending };
}

/**
 * What block sources parse to, memoised: a save parses the whole document again, and every derivation
 * compares every block with its source, while only the edited blocks are new. ProseMirror nodes are
 * immutable, so one parsed node serves every document that holds the same source.
 */
const parsedSources = new Map<string, readonly Node[]>();
const PARSED_SOURCES_MAX = 20_000;

function parseSource(source: string): readonly Node[] {
  let nodes = parsedSources.get(source);
  if (!nodes) {
    nodes = (manager.parse(source).content ?? []).map((json) => documentSchema.nodeFromJSON(json));
    if (parsedSources.size >= PARSED_SOURCES_MAX) parsedSources.clear();
    parsedSources.set(source, nodes);
  }
  return nodes;
}

const withAttributes = (node: Node, attributes: Record<string, unknown>): Node => node.type.create({ ...node.attrs, ...attributes }, node.content, node.marks);

/**
 * Blocks as they stand in a document (their source and the text before it), memoised as the parsed sources are: the same block
 * is the same node in every parse, so that a live document's shared type mapped to it by the last edit is known unchanged by
 * identity (docs/decisions/0045-accept-lands-fast.md), without comparing its content.
 */
const placedBlocks = new Map<string, Node>();

function placedBlock(node: Node, source: string, gap: string): Node {
  const key = `${gap.length}:${gap}${source}`;
  let placed = placedBlocks.get(key);
  if (!placed) {
    placed = withAttributes(node, { [SOURCE_ATTRIBUTE]: source, [GAP_ATTRIBUTE]: gap });
    if (placedBlocks.size >= PARSED_SOURCES_MAX) placedBlocks.clear();
    placedBlocks.set(key, placed);
  }
  return placed;
}

/**
 * The model of `markdown`: each top-level block is parsed on its own and keeps its source. Text that
 * yields no node (an HTML comment, a link definition) travels in the next block's gap, so nothing is lost.
 */
export function markdownToNode(markdown: string): Node {
  const split = splitBlocks(markdown);
  if (!split) return documentSchema.nodeFromJSON(manager.parse(markdown));
  const content: Node[] = [];
  let carried = '';
  for (const { source, gap } of split.blocks) {
    const nodes = parseSource(source);
    if (nodes.length === 1) {
      content.push(placedBlock(nodes[0]!, source, carried + gap));
      carried = '';
    } else if (nodes.length === 0) carried += gap + source;
    else content.push(...nodes);
  }
  const last = content.pop();
  if (last) content.push(withAttributes(last, { [TAIL_ATTRIBUTE]: carried + split.tail }));
  return documentSchema.topNodeType.create(null, content);
}

/** The model as TipTap JSON (a copy of its own: ProseMirror shares attribute objects between nodes). */
export const markdownToJson = (markdown: string): JSONContent => structuredClone(markdownToNode(markdown).toJSON() as JSONContent);

const isSourceAttribute = (name: string): boolean => (SOURCE_ATTRIBUTES as readonly string[]).includes(name);

/** Whether a block still is what its source parses to: same type, content, marks and attributes other than the source ones. */
function matchesSource(node: Node, source: string): boolean {
  const parsed = parseSource(source);
  const reference = parsed[0];
  if (parsed.length !== 1 || !reference || reference.type !== node.type || !reference.content.eq(node.content)) return false;
  if (!node.sameMarkup(reference)) {
    const names = new Set([...Object.keys(node.attrs), ...Object.keys(reference.attrs)]);
    for (const name of names) if (!isSourceAttribute(name) && node.attrs[name] !== reference.attrs[name]) return false;
  }
  return true;
}

/** A block in the house style; the table renderer pads itself with blank lines, which the gaps already provide. */
const serializeBlock = (node: Node): string => manager.serialize({ type: 'doc', content: [node.toJSON() as JSONContent] }).replace(/^\n+|\n+$/g, '');

/** Whether a gap without a blank line still keeps `text` a block of its own after `previous` (it may not once either changed). */
const tightGapHolds = (previous: string, gap: string, text: string): boolean => blockTokens(previous + gap + text).filter((token) => token.type !== 'space').length === 2;

/** Where a top-level block's text stands in its document's markdown: [start, end), without the blank lines before it. */
export interface BlockRange {
  start: number;
  end: number;
}

/**
 * The markdown of a document: a block that still is what its source parses to is written back as that
 * source, with the text that stood before it; any other block is serialized in the house style. `blocks[i]`
 * is where the i-th top-level block's text stands in it (an empty paragraph, which markdown has none of, is empty
 * where it would be).
 */
export function markdownBlocks(doc: Node): { markdown: string; blocks: BlockRange[] } {
  let markdown = '';
  const blocks: BlockRange[] = [];
  let previous: string | null = null;
  let tail = '\n';
  doc.forEach((node) => {
    const source = node.attrs[SOURCE_ATTRIBUTE] as string | null | undefined;
    const text = source != null && matchesSource(node, source) ? source : serializeBlock(node);
    const gap = (node.attrs[GAP_ATTRIBUTE] as string | null | undefined) ?? '';
    const written = /\S/.test(gap); // text only the gap holds: keep it wherever the block goes
    if (text === '' && !written) {
      blocks.push({ start: markdown.length, end: markdown.length }); // an empty paragraph: markdown has none
      return;
    }
    let separator: string;
    if (previous === null) separator = written ? gap : '';
    else if (written || /\n[ \t]*\n/.test(gap)) separator = gap;
    else if (gap !== '' && tightGapHolds(previous, gap, text)) separator = gap;
    else separator = '\n\n';
    markdown += separator + text;
    blocks.push({ start: markdown.length - text.length, end: markdown.length });
    previous = text;
    tail = (node.attrs[TAIL_ATTRIBUTE] as string | null | undefined) ?? '\n';
  });
  return { markdown: markdown === '' ? '' : markdown + tail, blocks };
}

/** The markdown of a document (`markdownBlocks` without the blocks' places). */
export const nodeToMarkdown = (doc: Node): string => markdownBlocks(doc).markdown;

export const jsonToMarkdown = (json: JSONContent): string => nodeToMarkdown(documentSchema.nodeFromJSON(json));
