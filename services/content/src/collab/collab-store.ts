import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import { AppError, DB } from '@prd/kit';
import type { Role } from '@prd/proto';
import { access, ownerOf } from '../access/access.js';
import { ActivitiesService } from '../activities/activities.service.js';
import type { ContentDb } from '../db/database.js';
import { documents } from '../db/schema.js';
import { usersAuthor } from '../documents/authors.js';
import { changeContent } from '../documents/revisions.js';
import { loadStored, markdownOf } from './live-document.js';

/**
 * Reads and writes live documents (docs/decisions/0022-co-editing-with-hocuspocus.md): the Yjs state beside the markdown, both
 * written together under the row's lock, so the stored state always holds the stored markdown.
 */
@Injectable()
export class CollabStore {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly activities: ActivitiesService,
  ) {}

  /** The user's role on the document through the one access helper; null when they have none (or it does not exist). */
  async role(userId: number, id: number): Promise<Role | null> {
    try {
      return (await access.documentAccess(this.db, { id: userId }, id, 'viewer')).role;
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }

  /**
   * Loads the live document `into` (a new, empty one) from its stored state; a document never opened live is seeded from its
   * markdown here, once, and that seed stored, so replicas opening it at once all start from the same one. A state of the
   * markdown-source era is converted the same way, from the stored markdown (docs/decisions/0039-shared-document-model.md).
   * Returns the state now stored, undefined when the document is gone.
   */
  async load(id: number, into: Y.Doc): Promise<Uint8Array | undefined> {
    return this.db.transaction(async (tx) => {
      const row = await access.liveDocument(tx, id);
      if (!row) return undefined;
      if (!loadStored(into, row.yjsState, row.content) && row.yjsState) return row.yjsState;
      const state = Y.encodeStateAsUpdate(into);
      await tx.update(documents).set({ yjsState: state }).where(eq(documents.id, id));
      return state;
    });
  }

  /** The stored state as it is now (no lock): what a document that just started merges, in case a change landed meanwhile. */
  async state(id: number): Promise<Uint8Array | null> {
    const [row] = await this.db.select({ state: documents.yjsState }).from(documents).where(eq(documents.id, id));
    return row?.state ?? null;
  }

  /**
   * Stores the live document: first merges what is stored (another replica's store, an AI edit), so
   * nothing stored is ever overwritten, then writes its state and, when its derived markdown changed, the
   * markdown, as a save of `typists` (who typed here since the last store; the owner when unknown) under
   * the revision rule of `changeContent`. False when the document is gone.
   */
  async store(id: number, doc: Y.Doc, typists: readonly number[], mergeOrigin: unknown): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const current = await access.liveDocument(tx, id);
      if (!current) return false;
      if (current.yjsState) Y.applyUpdate(doc, current.yjsState, mergeOrigin);
      const content = markdownOf(doc);
      const state = Y.encodeStateAsUpdate(doc);
      if (content === current.content) {
        await tx.update(documents).set({ yjsState: state }).where(eq(documents.id, id));
        return true;
      }
      const author = usersAuthor(typists.length ? typists : [current.ownerId]);
      await changeContent(tx, current, 'user', author, (writer) =>
        writer
          .update(documents)
          .set({ content, yjsState: state, contentAuthor: author, version: sql`${documents.version} + 1`, updatedAt: sql`now()` })
          .where(eq(documents.id, id)),
      );
      const actor = typists.at(-1) ?? current.ownerId;
      await this.activities.record(tx, ownerOf(current), { id: actor }, 'document_updated', { documentId: id, projectId: current.projectId, title: current.title });
      return true;
    });
  }
}
