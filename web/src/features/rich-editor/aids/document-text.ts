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
