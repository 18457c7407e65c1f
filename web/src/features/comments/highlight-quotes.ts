import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import { locateQuote, type TextQuote } from '@prd/proto';

/** A thread's quote to highlight in the rendered document. */
export interface HighlightedQuote {
  id: number;
  anchor: TextQuote;
}

export interface HighlightOptions {
  quotes: HighlightedQuote[];
  /** The focused thread: its highlight is marked current. */
  activeId: number | null;
}

type Parent = Root | Element;

/** The rendered text's nodes in reading order, each with where it starts in the concatenated text. */
function textNodes(tree: Root): { node: Text; parent: Parent; start: number }[] {
  const found: { node: Text; parent: Parent; start: number }[] = [];
  let offset = 0;
  const walk = (parent: Parent) => {
    for (const child of parent.children) {
      if (child.type === 'text') {
        found.push({ node: child, parent, start: offset });
        offset += child.value.length;
      } else if (child.type === 'element') walk(child);
    }
  };
  walk(tree);
  return found;
}

/**
 * A rehype plugin: wraps each quote, found again in the rendered text the way the server finds it in
 * the markdown (the best match of exact text with its prefix and suffix), in `<mark data-comment-id>`.
 * Quotes may span several text nodes (bold, links) and overlap; a quote not found is left alone.
 */
export function rehypeHighlightQuotes({ quotes, activeId }: HighlightOptions) {
  return (tree: Root): void => {
    const nodes = textNodes(tree);
    const text = nodes.map((n) => n.node.value).join('');
    const ranges = quotes.flatMap((q) => {
      const at = locateQuote(text, q.anchor);
      return at ? [{ id: q.id, ...at }] : [];
    });
    if (ranges.length === 0) return;

    const replacements = new Map<Text, ElementContent[]>();
    for (const { node, start } of nodes) {
      const end = start + node.value.length;
      const cuts = new Set([start, end]);
      for (const r of ranges) for (const at of [r.start, r.end]) if (at > start && at < end) cuts.add(at);
      const points = [...cuts].sort((a, b) => a - b);
      if (!ranges.some((r) => r.start < end && r.end > start)) continue;
      const pieces: ElementContent[] = [];
      for (let i = 0; i + 1 < points.length; i++) {
        const from = points[i]!;
        const to = points[i + 1]!;
        const value: Text = { type: 'text', value: node.value.slice(from - start, to - start) };
        const ids = ranges.filter((r) => r.start <= from && r.end >= to).map((r) => r.id);
        const first = ids[0];
        pieces.push(
          first === undefined
            ? value
            : {
                type: 'element',
                tagName: 'mark',
                properties: { dataCommentId: ids.includes(activeId ?? -1) ? activeId : first, dataActive: ids.includes(activeId ?? -1) ? 'true' : undefined },
                children: [value],
              },
        );
      }
      replacements.set(node, pieces);
    }
    for (const { node, parent } of nodes) {
      const pieces = replacements.get(node);
      if (!pieces) continue;
      const at = (parent.children as RootContent[]).indexOf(node);
      (parent.children as RootContent[]).splice(at, 1, ...pieces);
    }
  };
}
