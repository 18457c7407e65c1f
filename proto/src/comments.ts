import { z } from 'zod';
import { idString } from './params.js';
import { ROLES } from './sharing.js';
import { textQuoteSchema } from './text-quote.js';

export const COMMENT_MAX = 10_000;
export const COMMENT_NOT_FOUND = 'Comment not found';
/** Comments and replies one user may write per minute (COMMENTS_PER_MINUTE), on every document together: each may notify several people. */
export const COMMENTS_PER_MINUTE = 20;
export const COMMENTS_RATE_LIMITED = 'Too many comments.';

const BODY_OBJECT = { error: 'The request body must be a JSON object' };
const commentContent = z
  .string({ error: 'Comment text is required' })
  .trim()
  .min(1, 'Comment text is required')
  .max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters`);

/** `POST /api/documents/:id/comments`: a new thread, anchored to a quote of the text or to the whole document. */
export const createCommentSchema = z.object({ content: commentContent, anchor: textQuoteSchema.optional() }, BODY_OBJECT);
export type CreateComment = z.infer<typeof createCommentSchema>;
/** `POST /api/comments/:id/replies`. */
export const createReplySchema = z.object({ content: commentContent }, BODY_OBJECT);
/** `PATCH /api/comments/:id`: new text (its author), or resolve / reopen a thread (its author, the owner or an editor). */
export const updateCommentSchema = z.union([z.object({ content: commentContent }), z.object({ resolved: z.boolean({ error: 'resolved must be true or false' }) })], {
  error: 'Send { content } or { resolved }',
});
export type UpdateComment = z.infer<typeof updateCommentSchema>;
export const commentParamsSchema = z.object({ id: idString('Comment id must be a number') });

export const commentSchema = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  parentId: z.number().int().nullable(),
  authorId: z.number().int(),
  authorName: z.string(),
  content: z.string(),
  resolved: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A thread: its first comment with the anchor, where the quote is now (null when orphaned), and its replies oldest first. */
export const commentThreadSchema = commentSchema.extend({
  anchor: textQuoteSchema.nullable(),
  position: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
  orphaned: z.boolean(),
  replies: z.array(commentSchema),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** `@username` mentions in a comment's text. */
export function mentionedUsernames(text: string): string[] {
  return [...new Set([...text.matchAll(/(?:^|[^\w@])@([A-Za-z0-9_.-]{1,64})/g)].map((m) => (m[1] ?? '').replace(/\.+$/, '').toLowerCase()))].filter(Boolean);
}

/** `GET /api/documents/:id/people`: everyone with access to the document (its owner included), whom a comment can mention. */
export const personWithAccessSchema = z.object({ userId: z.number().int(), username: z.string(), name: z.string().nullable(), role: z.enum(ROLES) });
export type PersonWithAccess = z.infer<typeof personWithAccessSchema>;
