import type { JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import type { Node } from '@tiptap/pm/model';
import { documentExtensions, documentSchema } from './extensions.js';
import { GAP_ATTRIBUTE, SOURCE_ATTRIBUTE, SOURCE_ATTRIBUTES, TAIL_ATTRIBUTE } from './markdown-source.js';

const manager = new MarkdownManager({ extensions: documentExtensions });

/** A block as the author wrote it: its source, and the text before it. */
interface SourceBlock {
  source: string;
  gap: string;
}

/** Splits markdown into top-level blocks with marked's lexer (the one `@tiptap/markdown` parses with). */
function splitBlocks(markdown: string): { blocks: SourceBlock[]; tail: string } | null {
  const tokens = manager.instance.lexer(markdown);
  if (tokens.map((token) => token.raw).join('') !== markdown) return null; // e.g. \r\n: marked normalises it away
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

/** Parses a block; the result is the caller's own (the manager may hand back its last result again). */
const parseBlocks = (markdown: string): JSONContent[] => structuredClone(manager.parse(markdown).content ?? []);

/**
 * The model of `markdown`: each top-level block is parsed on its own and keeps its source. Text that
 * yields no node (an HTML comment, a link definition) travels in the next block's gap, so nothing is lost.
 */
export function markdownToJson(markdown: string): JSONContent {
  const split = splitBlocks(markdown);
  if (!split) return { type: 'doc', content: parseBlocks(markdown) };
  const content: JSONContent[] = [];
  let carried = '';
  for (const { source, gap } of split.blocks) {
    const nodes = parseBlocks(source);
    if (nodes.length !== 1) {
      if (nodes.length === 0) carried += gap + source;
      else content.push(...nodes);
      continue;
    }
    const node = nodes[0]!;
    node.attrs = { ...node.attrs, [SOURCE_ATTRIBUTE]: source, [GAP_ATTRIBUTE]: carried + gap };
    carried = '';
    content.push(node);
  }
  const last = content.at(-1);
  if (last) last.attrs = { ...last.attrs, [TAIL_ATTRIBUTE]: carried + split.tail };
  return { type: 'doc', content };
}

export const markdownToNode = (markdown: string): Node => documentSchema.nodeFromJSON(markdownToJson(markdown));

/** A node's content and attributes without its source attributes, as a comparable string. */
function contentKey(json: JSONContent): string {
  const attrs = { ...json.attrs };
  for (const name of SOURCE_ATTRIBUTES) delete attrs[name];
  return JSON.stringify({ ...json, attrs });
}

/** The content key of what a source parses to, memoised: every save compares every block with its source. */
const sourceKeys = new Map<string, string | null>();
const SOURCE_KEYS_MAX = 20_000;

function sourceKey(source: string): string | null {
  let key = sourceKeys.get(source);
  if (key === undefined) {
    const nodes = parseBlocks(source);
    key = nodes.length === 1 ? contentKey(documentSchema.nodeFromJSON(nodes[0]).toJSON() as JSONContent) : null;
    if (sourceKeys.size >= SOURCE_KEYS_MAX) sourceKeys.clear();
    sourceKeys.set(source, key);
  }
  return key;
}

/** A block in the house style; the table renderer pads itself with blank lines, which the gaps already provide. */
const serializeBlock = (json: JSONContent): string => manager.serialize({ type: 'doc', content: [json] }).replace(/^\n+|\n+$/g, '');

/** Whether a gap without a blank line still keeps `text` a block of its own after `previous` (it may not once either changed). */
const tightGapHolds = (previous: string, gap: string, text: string): boolean =>
  manager.instance.lexer(previous + gap + text).filter((token) => token.type !== 'space').length === 2;

/**
 * The markdown of a document: a block whose content is what its source parses to is written back as
 * that source, with the text that stood before it; any other block is serialized in the house style.
 */
export function nodeToMarkdown(doc: Node): string {
  let markdown = '';
  let previous: string | null = null;
  let tail = '\n';
  doc.forEach((node) => {
    const json = node.toJSON() as JSONContent;
    const source = node.attrs[SOURCE_ATTRIBUTE] as string | null | undefined;
    const kept = source != null && sourceKey(source) === contentKey(json);
    const text = kept ? source : serializeBlock(json);
    const gap = (node.attrs[GAP_ATTRIBUTE] as string | null | undefined) ?? '';
    const written = /\S/.test(gap); // text only the gap holds: keep it wherever the block goes
    if (text === '' && !written) return; // an empty paragraph: markdown has none
    let separator: string;
    if (previous === null) separator = written ? gap : '';
    else if (written || /\n[ \t]*\n/.test(gap)) separator = gap;
    else if (gap !== '' && tightGapHolds(previous, gap, text)) separator = gap;
    else separator = '\n\n';
    markdown += separator + text;
    previous = text;
    tail = (node.attrs[TAIL_ATTRIBUTE] as string | null | undefined) ?? '\n';
  });
  return markdown === '' ? '' : markdown + tail;
}

export const jsonToMarkdown = (json: JSONContent): string => nodeToMarkdown(documentSchema.nodeFromJSON(json));
