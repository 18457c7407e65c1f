import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import { REVISION_COALESCE_MS, REVISIONS_MAX_PER_DOCUMENT, type RevisionSource } from '@prd/proto';
import { access, type Granted } from '../access/access.js';
import type { ContentTx } from '../db/database.js';
import { documentRevisions, type StoredAuthor } from '../db/schema.js';
import { sameAuthor } from './authors.js';

type Current = Granted<{ id: number; title: string; content: string; contentAuthor: StoredAuthor | null }>;

/** What a change of content is written with: an update whose statement may also insert the revision. */
export type ContentWriter = Pick<ContentTx, 'update'>;

/**
 * docs/decisions/0018-revisions.md: changes `current`'s content with `write` (an update of the document, which also records `author`
 * as the content's) and keeps what it replaces, with its author, inserted by the update's own statement (a data-modifying CTE: one
 * round trip for both). A save of `author` (a PATCH, or a store of the live document by the same people,
 * docs/decisions/0022-co-editing-with-hocuspocus.md) over text of the same author, whose revision was stored less than
 * REVISION_COALESCE_MS ago, keeps nothing: it continues that revision. Anyone else's save keeps the text it replaces; AI, flow
 * and restore changes always keep one, and so end the grouping. `carried` are the caller's own data-modifying CTEs for the same
 * statement (the owner's activity event).
 */
export async function changeContent<T>(
  tx: ContentTx,
  current: Current,
  source: RevisionSource,
  author: StoredAuthor,
  write: (writer: ContentWriter) => Promise<T>,
  carried: readonly WithSubquery[] = [],
): Promise<T> {
  if (source === 'user' && sameAuthor(current.contentAuthor, author) && (await continuesSaves(tx, current))) return write(carried.length ? tx.with(...carried) : tx);
  const revision = tx
    .$with('revision')
    .as(tx.insert(documentRevisions).values({ documentId: current.id, title: current.title, content: current.content, source, author: current.contentAuthor }));
  const written = await write(tx.with(...carried, revision));
  if (source === 'user') await thinSaves(tx, current);
  return written;
}

/** Whether the document's newest revision was stored before a user's save less than REVISION_COALESCE_MS ago. */
async function continuesSaves(tx: ContentTx, document: Current): Promise<boolean> {
  const r = documentRevisions;
  const [newest] = await tx
    .select({ recent: sql<boolean>`${r.source} = 'user' AND ${r.createdAt} > now() - make_interval(secs => ${REVISION_COALESCE_MS / 1000})` })
    .from(r)
    .where(access.revisions(document))
    .orderBy(desc(r.id))
    .limit(1);
  return newest?.recent === true;
}

/** Keeps the newest REVISIONS_MAX_PER_DOCUMENT unnamed revisions of users' saves; named, AI, flow and restore revisions stay. */
async function thinSaves(tx: ContentTx, document: Current): Promise<void> {
  const r = documentRevisions;
  const oldest = tx
    .select({ id: r.id })
    .from(r)
    .where(and(access.revisions(document), eq(r.source, 'user'), isNull(r.name)))
    .orderBy(desc(r.id))
    .offset(REVISIONS_MAX_PER_DOCUMENT);
  await tx.delete(r).where(inArray(r.id, oldest));
}
