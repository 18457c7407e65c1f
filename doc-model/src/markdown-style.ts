import { Italic } from '@tiptap/extension-italic';

/** Serializer choices matching the catalogue templates' style, for the blocks that are re-serialized. */
export const markdownStyle = [
  // The templates write emphasis with underscores.
  Italic.extend({ renderMarkdown: (node, h) => `_${h.renderChildren(node)}_` }),
];
