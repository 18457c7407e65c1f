export { documentExtensions, documentSchema } from './extensions.js';
export { GAP_ATTRIBUTE, MarkdownSource, SOURCE_ATTRIBUTE, TAIL_ATTRIBUTE, TOP_LEVEL_TYPES } from './markdown-source.js';
export { jsonToMarkdown, markdownBlocks, markdownToJson, markdownToNode, nodeToMarkdown, type BlockRange } from './markdown.js';
export { applyMarkdownEdit, documentFragment, FRAGMENT_NAME, markdownToYFragment, yFragmentToMarkdown, type NodesOfTypes } from './y-fragment.js';
export { markdownSourceToFragment, SOURCE_TEXT_NAME } from './migration.js';
