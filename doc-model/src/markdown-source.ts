import { Extension } from '@tiptap/core';

/**
 * Each top-level block remembers the markdown it was parsed from, so that an unchanged block is
 * written back byte for byte (the serializer's own style may differ from the author's: `_` or `*`,
 * blank lines, table padding) and only edited blocks are re-serialized.
 */
export const SOURCE_ATTRIBUTE = 'markdownSource';
/** The text between the previous block and this one (blank lines, or text no node keeps, like a comment). */
export const GAP_ATTRIBUTE = 'markdownGap';
/** After the last block: the document's trailing text (its final newline). */
export const TAIL_ATTRIBUTE = 'markdownTail';

export const SOURCE_ATTRIBUTES = [SOURCE_ATTRIBUTE, GAP_ATTRIBUTE, TAIL_ATTRIBUTE] as const;

/** The node types that can stand at the top level of a document. */
export const TOP_LEVEL_TYPES = ['paragraph', 'heading', 'blockquote', 'codeBlock', 'bulletList', 'orderedList', 'taskList', 'table', 'horizontalRule'];

const hidden = { default: null, rendered: false, keepOnSplit: false } as const;

/** Declares the source attributes on the top-level block types: kept in the Yjs document, never rendered or copied. */
export const MarkdownSource = Extension.create({
  name: 'markdownSource',
  addGlobalAttributes() {
    return [
      {
        types: TOP_LEVEL_TYPES,
        attributes: { [SOURCE_ATTRIBUTE]: hidden, [GAP_ATTRIBUTE]: hidden, [TAIL_ATTRIBUTE]: hidden },
      },
    ];
  },
});
