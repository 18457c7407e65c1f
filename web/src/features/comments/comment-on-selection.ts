import { createContext, useContext } from 'react';

/**
 * What the editor's writing aids may ask of the comments beside it: start a comment on the editor's selection (true
 * when the selection can be quoted, false when it cannot, across formatting or blocks; null for people who may not
 * comment), and bring a thread into view when its highlighted passage is clicked.
 */
export interface CommentActions {
  commentOnSelection: (() => boolean) | null;
  focusThread: (id: number) => void;
}

export const CommentActionsContext = createContext<CommentActions>({ commentOnSelection: null, focusThread: () => undefined });

export const useCommentActions = (): CommentActions => useContext(CommentActionsContext);
