// The rich-text editor's writing aids (issue 31): extensions to add to the editor, and the components drawn beside it.
export { writingAidExtensions, type WritingAidOptions } from './writing-aid-extensions';
export { WritingAids } from './writing-aids';
export { MarkdownSourceView } from './markdown-source-view';
export type { CommentHighlight } from './comment-highlights';
