/** A reply being written, cut where markdown is safe to render: the finished blocks, and the block still growing. */
export interface StreamingParts {
  settled: string;
  tail: string;
  /** The growing block would render differently once finished (a table, an open code block): show it as text. */
  tailIsRaw: boolean;
}

const FENCE = /^\s*(```|~~~)/;
const TABLE_ROW = /^\s*\|/;

/**
 * Splits a streaming reply at its last blank line outside a code block (docs/decisions/0014-streaming-replies.md): everything before is whole blocks
 * and renders as markdown once; the rest grows with every delta. A half-received table or code block is shown as
 * plain text until it is complete, so it never flickers between a paragraph and a table.
 */
export function splitStreamingMarkdown(text: string): StreamingParts {
  const lines = text.split('\n');
  let inFence = false;
  let cut = 0;
  lines.forEach((line, index) => {
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence && line.trim() === '') cut = index + 1;
  });
  const settled = lines.slice(0, cut).join('\n');
  const tailLines = lines.slice(cut);
  return { settled, tail: tailLines.join('\n'), tailIsRaw: inFence || tailLines.some((line) => TABLE_ROW.test(line)) };
}
