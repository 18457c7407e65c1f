import { roleAllows, type Comment, type Role } from '@prd/proto';

/** What the reader may do with comments, as the server decides it (docs/decisions/0012-sharing-and-roles.md); the UI only hides what would be refused. */
export interface CommentPermissions {
  /** Comment and reply: commenters, editors and the owner. */
  write: boolean;
  isAuthor: (c: Comment) => boolean;
  /** Resolve or reopen a thread: its author while a commenter, the owner or an editor. */
  resolve: (c: Comment) => boolean;
  /** Delete: its author while a commenter, or the document's owner (docs/decisions/0031-hostile-collaboration.md). */
  delete: (c: Comment) => boolean;
}

export function commentPermissions(role: Role, userId: number | null): CommentPermissions {
  const isAuthor = (c: Comment) => userId !== null && c.authorId === userId;
  const write = roleAllows(role, 'commenter');
  return {
    write,
    isAuthor,
    resolve: (c) => (isAuthor(c) && write) || roleAllows(role, 'editor'),
    delete: (c) => (isAuthor(c) && write) || role === 'owner',
  };
}
