import type { Nodes, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** Size of the pieces a long document is parsed in. */
export const PIECE_SIZE = 16 * 1024;
/** A piece that had to absorb its neighbours beyond this size means the split does not work for this document. */
const MAX_MERGED = 8 * PIECE_SIZE;

/** Parses GitHub-flavoured markdown into its syntax tree (mdast), all in one go. */
export function parseWhole(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
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

/** A fenced code or raw HTML block running to the end of its piece might have gone on into the next one. */
function mayContinue(last: RootContent | undefined, piece: string): boolean {
  return (last?.type === 'code' || last?.type === 'html') && (last.position?.end.offset ?? piece.length) >= piece.trimEnd().length;
}

const opensWithHeading = (tree: Root) => tree.children[0]?.type === 'heading' && tree.children[0].position?.start.line === 1;

/**
 * Parses markdown into its syntax tree, long documents piece by piece: micromark's time grows with the
 * square of a document's blocks (it re-copies all events whenever a list item or quote closes), so a
 * 1 MB document parsed whole takes many seconds. A piece boundary is kept only where the parser confirms
 * it: the next piece opens with a heading on its first line, and the piece before does not end inside
 * a fenced code or HTML block (else the two are parsed together). Reference links and footnotes may
 * point across pieces, so a document that defines any is parsed whole.
 */
export function parseMarkdown(markdown: string): Root {
  const pieces = cut(markdown);
  if (pieces.length === 1) return parseWhole(markdown);
  const parsed: { text: string; tree: Root }[] = [];
  for (const text of pieces) {
    const tree = parseWhole(text);
    const previous = parsed.at(-1);
    if (previous && (!opensWithHeading(tree) || mayContinue(previous.tree.children.at(-1), previous.text))) {
      previous.text += text;
      if (previous.text.length > MAX_MERGED) return parseWhole(markdown);
      previous.tree = parseWhole(previous.text);
    } else {
      parsed.push({ text, tree });
    }
  }
  if (parsed.some(({ tree }) => hasDefinitions(tree))) return parseWhole(markdown);
  return { type: 'root', children: parsed.flatMap(({ tree }) => tree.children) };
}
