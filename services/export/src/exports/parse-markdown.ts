import type { Nodes, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** Size of the pieces a long document is parsed in. */
export const PIECE_SIZE = 16 * 1024;
/** A piece that had to absorb its neighbours beyond this size means the split does not work for this document. */
const MAX_MERGED = 8 * PIECE_SIZE;

/** The GFM syntax and tree extensions hold no state: built once, shared by every parse. */
const GFM = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

/** Parses GitHub-flavoured markdown into its syntax tree (mdast), all in one go. */
export function parseWhole(markdown: string): Root {
  return fromMarkdown(markdown, GFM);
}

/**
 * Cuts the text before lines that start with `#`, about every PIECE_SIZE characters. Whether such a
 * line really starts a new top-level heading is for the parser to say (see parseMarkdown).
 */
function cut(markdown: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let at = markdown.indexOf('\n#', PIECE_SIZE); at >= 0; at = markdown.indexOf('\n#', start + PIECE_SIZE)) {
    pieces.push(markdown.slice(start, at + 1));
    start = at + 1;
  }
  pieces.push(markdown.slice(start));
  return pieces;
}

function hasDefinitions(node: Nodes): boolean {
  if (node.type === 'definition' || node.type === 'footnoteDefinition') return true;
  return 'children' in node && (node.children as Nodes[]).some(hasDefinitions);
}

const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/;

/**
 * Whether the block that ends a piece might have gone on into the next one, whose first line starts with
 * `#`: an unclosed fenced code block would swallow it, and so might a raw HTML block. Every other block
 * (indented code, paragraphs, lists, quotes) ends at an ATX heading line.
 */
function mayContinue(last: RootContent | undefined, piece: string): boolean {
  if (last?.type !== 'code' && last?.type !== 'html') return false;
  const start = last.position?.start.offset ?? 0;
  const end = last.position?.end.offset ?? piece.length;
  if (end < piece.trimEnd().length) return false;
  if (last.type === 'html') return true;
  const lines = piece.slice(start, end).split('\n');
  const opening = OPENING_FENCE.exec(lines[0]!);
  if (!opening) return false;
  const closing = lines.length > 1 ? CLOSING_FENCE.exec(lines.at(-1)!) : null;
  const closes = closing !== null && closing[1]![0] === opening[1]![0] && closing[1]!.length >= opening[1]!.length;
  return !closes;
}

const opensWithHeading = (tree: Root) => tree.children[0]?.type === 'heading' && tree.children[0].position?.start.line === 1;

export interface ParsedPiece {
  text: string;
  tree: Root;
}

/**
 * A long document cut into pieces that parse on their own to the same tree as the whole, or null when it
 * must be parsed whole. A boundary is kept only where the parser confirms it: the next piece opens with
 * a heading on its first line, and the piece before does not end inside a fenced code or HTML block
 * (else the two are parsed together). Reference links and footnotes may point across pieces, so a
 * document that defines any is parsed whole.
 */
export function parsePieces(markdown: string): ParsedPiece[] | null {
  const parsed: ParsedPiece[] = [];
  for (const text of cut(markdown)) {
    const tree = parseWhole(text);
    const previous = parsed.at(-1);
    if (previous && (!opensWithHeading(tree) || mayContinue(previous.tree.children.at(-1), previous.text))) {
      previous.text += text;
      if (previous.text.length > MAX_MERGED) return null;
      previous.tree = parseWhole(previous.text);
    } else {
      parsed.push({ text, tree });
    }
  }
  if (parsed.some(({ tree }) => hasDefinitions(tree))) return null;
  return parsed;
}

/**
 * Parses markdown into its syntax tree, long documents piece by piece: micromark's time grows with the
 * square of a document's blocks (it re-copies all events whenever a list item or quote closes), so a
 * 1 MB document parsed whole takes many seconds.
 */
export function parseMarkdown(markdown: string): Root {
  if (markdown.length <= PIECE_SIZE) return parseWhole(markdown);
  const pieces = parsePieces(markdown);
  if (!pieces) return parseWhole(markdown);
  return { type: 'root', children: pieces.flatMap(({ tree }) => tree.children) };
}
