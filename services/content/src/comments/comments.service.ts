import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, or } from 'drizzle-orm';
import { badRequest, DB, forbidden, notFound } from '@prd/kit';
import {
  COMMENT_NOT_FOUND,
  DOCUMENT_NOT_FOUND,
  locateQuote,
  mentionedUsernames,
  roleAllows,
  roleNeededMessage,
  type Comment,
  type CommentThread,
  type CreateComment,
  type NotificationType,
  type PersonWithAccess,
  type Role,
  type UpdateComment,
} from '@prd/proto';
import { access, acting, type Owner } from '../access/access.js';
import type { Actor } from '../activities/activities.service.js';
import type { ContentDb } from '../db/database.js';
import { comments, documentGrants, documents, projectGrants } from '../db/schema.js';
import { PeopleService } from '../people/people.service.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';

type CommentRow = typeof comments.$inferSelect;

const toComment = (r: CommentRow): Comment => ({
  id: r.id,
  documentId: r.documentId,
  parentId: r.parentId,
  authorId: r.authorId,
  authorName: r.authorName,
  content: r.content,
  resolved: r.resolved,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Comments on documents (docs/decisions/0012-sharing-and-roles.md): viewers read them, commenters write, authors edit their own, owners and editors resolve. */
@Injectable()
export class CommentsService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly people: PeopleService,
    private readonly limits: RateLimits,
  ) {}

  /** The document's threads with their replies, oldest first, each re-anchored in the current text. */
  async list(user: Owner | null, documentId: number): Promise<CommentThread[]> {
    const document = await access.document(this.db, user, documentId, 'viewer');
    const rows = await this.db.select().from(comments).where(eq(comments.documentId, document.id)).orderBy(asc(comments.id));
    const replies = new Map<number, Comment[]>();
    for (const r of rows) if (r.parentId !== null) replies.set(r.parentId, [...(replies.get(r.parentId) ?? []), toComment(r)]);
    return rows
      .filter((r) => r.parentId === null)
      .map((r) => {
        const position = r.anchor ? locateQuote(document.content, r.anchor) : null;
        return { ...toComment(r), anchor: r.anchor ?? null, position, orphaned: r.anchor !== null && position === null, replies: replies.get(r.id) ?? [] };
      });
  }

  /** Everyone with access to the document, owner first: whom a comment can mention (the web's @ completion). */
  async withAccess(user: Owner | null, documentId: number): Promise<PersonWithAccess[]> {
    const document = await access.documentAccess(this.db, user, documentId, 'viewer');
    const [row] = await this.db.select({ ownerId: documents.ownerId, projectId: documents.projectId }).from(documents).where(eq(documents.id, document.id));
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    const roles = await this.peopleWithAccess(document.id, row.projectId, row.ownerId);
    const profiles = await this.people.profiles(roles.map((p) => p.userId));
    // Deleted accounts have no profile any more: they are no one to mention.
    return roles
      .flatMap(({ userId, role }) => {
        const profile = profiles.get(userId);
        return profile ? [{ userId, username: profile.username, name: profile.name, role }] : [];
      })
      .sort((a, b) => (a.role === 'owner' ? -1 : b.role === 'owner' ? 1 : a.username.localeCompare(b.username)));
  }

  async create(user: Actor | null, documentId: number, input: CreateComment): Promise<Comment> {
    const author = acting(user, COMMENT_NOT_FOUND);
    const document = await access.document(this.db, author, documentId, 'commenter');
    await this.limits.comment(author.id);
    const [row] = await this.db
      .insert(comments)
      .values({ documentId: document.id, authorId: author.id, authorName: author.username ?? '', content: input.content, anchor: input.anchor ?? null })
      .returning();
    if (!row) throw new Error('insert returned no row');
    // "A comment on a document you own or edit."
    const editors = await this.peopleWithAccess(document.id, document.projectId, document.ownerId);
    await this.notify(
      row,
      document.title,
      editors.filter((p) => p.role === 'owner' || p.role === 'editor').map((p) => p.userId),
      'comment',
      editors,
    );
    return toComment(row);
  }

  async reply(user: Actor | null, commentId: number, content: string): Promise<Comment> {
    const author = acting(user, COMMENT_NOT_FOUND);
    const parent = await this.find(commentId);
    const document = await this.documentOf(author, parent);
    if (!roleAllows(document.role, 'commenter')) throw forbidden(roleNeededMessage('commenter'));
    await this.limits.comment(author.id);
    const rootId = parent.parentId ?? parent.id;
    const [row] = await this.db
      .insert(comments)
      .values({ documentId: document.id, parentId: rootId, authorId: author.id, authorName: author.username ?? '', content })
      .returning();
    if (!row) throw new Error('insert returned no row');
    // "A reply in a thread you took part in", told only to those who can still read the document.
    const thread = await this.db
      .select({ authorId: comments.authorId })
      .from(comments)
      .where(or(eq(comments.id, rootId), eq(comments.parentId, rootId)));
    const everyone = await this.peopleWithAccess(document.id, document.projectId, document.ownerId);
    const readers = new Set(everyone.map((p) => p.userId));
    await this.notify(
      row,
      document.title,
      thread.map((t) => t.authorId).filter((id) => readers.has(id)),
      'reply',
      everyone,
    );
    return toComment(row);
  }

  async update(user: Owner | null, commentId: number, change: UpdateComment): Promise<Comment> {
    const actor = acting(user, COMMENT_NOT_FOUND);
    const comment = await this.find(commentId);
    const document = await this.documentOf(actor, comment);
    if ('content' in change) {
      if (comment.authorId !== actor.id) throw forbidden('Only its author can edit a comment');
      if (!roleAllows(document.role, 'commenter')) throw forbidden(roleNeededMessage('commenter'));
    } else {
      if (comment.parentId !== null) throw badRequest('Only a thread can be resolved or reopened');
      // The author's own power lasts as long as their commenter role: one lowered to viewer only reads.
      const allowed = roleAllows(document.role, 'editor') || (comment.authorId === actor.id && roleAllows(document.role, 'commenter'));
      if (!allowed) throw forbidden(comment.authorId === actor.id ? roleNeededMessage('commenter') : 'Only its author, the owner or an editor can resolve a thread');
    }
    const [row] = await this.db
      .update(comments)
      .set({ ...('content' in change ? { content: change.content } : { resolved: change.resolved }), updatedAt: new Date() })
      .where(eq(comments.id, comment.id))
      .returning();
    if (!row) throw notFound(COMMENT_NOT_FOUND);
    return toComment(row);
  }

  /** Its author while still a commenter, or the document's owner, deletes a comment; a thread goes with its replies. */
  async remove(user: Owner | null, commentId: number): Promise<void> {
    const actor = acting(user, COMMENT_NOT_FOUND);
    const comment = await this.find(commentId);
    const document = await this.documentOf(actor, comment);
    if (document.role !== 'owner') {
      if (comment.authorId !== actor.id) throw forbidden('Only its author or the document’s owner can delete a comment');
      if (!roleAllows(document.role, 'commenter')) throw forbidden(roleNeededMessage('commenter'));
    }
    await this.db.delete(comments).where(eq(comments.id, comment.id));
  }

  private async find(id: number): Promise<CommentRow> {
    const [row] = await this.db.select().from(comments).where(eq(comments.id, id));
    if (!row) throw notFound(COMMENT_NOT_FOUND);
    return row;
  }

  /** The comment's document through the access helper; without any role the comment does not exist. */
  private documentOf(user: Owner, comment: CommentRow) {
    return access.document(this.db, user, comment.documentId, 'viewer').catch((err: unknown) => {
      throw (err as { status?: number }).status === 404 ? notFound(COMMENT_NOT_FOUND) : err;
    });
  }

  /** Everyone with access to the document and their role: its owner and every direct or project grant. */
  private async peopleWithAccess(documentId: number, projectId: number | null, ownerId: number): Promise<{ userId: number; role: Role }[]> {
    const direct = await this.db.select({ userId: documentGrants.userId, role: documentGrants.role }).from(documentGrants).where(eq(documentGrants.documentId, documentId));
    const inherited =
      projectId === null ? [] : await this.db.select({ userId: projectGrants.userId, role: projectGrants.role }).from(projectGrants).where(eq(projectGrants.projectId, projectId));
    const best = new Map<number, Role>([[ownerId, 'owner']]);
    for (const g of [...direct, ...inherited]) {
      const had = best.get(g.userId);
      if (!had || roleAllows(g.role, had)) best.set(g.userId, had === 'owner' ? had : g.role);
    }
    return [...best].map(([userId, role]) => ({ userId, role }));
  }

  /** Mentions of people with access win over the plain notice; the author is never told of their own comment. */
  private async notify(row: CommentRow, title: string, recipients: number[], type: NotificationType, withAccess: { userId: number }[]): Promise<void> {
    const mentioned = new Set(mentionedUsernames(row.content));
    let mentionedIds: number[] = [];
    if (mentioned.size > 0) {
      const profiles = await this.people.profiles(withAccess.map((p) => p.userId));
      mentionedIds = [...profiles.values()].filter((p) => mentioned.has(p.username.toLowerCase())).map((p) => p.id);
    }
    const others = (ids: number[]) => [...new Set(ids)].filter((id) => id !== row.authorId);
    const base = { actorName: row.authorName, title, documentId: row.documentId, commentId: row.id };
    await this.people.notify({ ...base, type: 'mention', userIds: others(mentionedIds) });
    await this.people.notify({ ...base, type, userIds: others(recipients).filter((id) => !mentionedIds.includes(id)) });
  }
}
