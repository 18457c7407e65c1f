import { createContext, useContext } from 'react';

/**
 * Starts a comment on the editor's selection (the writing aids' formatting menu offers it): true when the selection
 * can be quoted, false when it cannot (across formatting or blocks). Null for people who may not comment.
 */
export const CommentOnSelection = createContext<(() => boolean) | null>(null);

export const useCommentOnSelection = (): (() => boolean) | null => useContext(CommentOnSelection);
