import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DB } from '@prd/kit';
import {
  DOCUMENT_NOT_FOUND,
  PROJECT_NOT_FOUND,
  REVISION_COALESCE_MS,
  REVISION_NOT_FOUND,
  REVISIONS_LIST_LIMIT,
  REVISIONS_MAX_PER_DOCUMENT,
  type DocumentDto,
  type DocumentSummary,
  type Revision,
  type RevisionSource,
} from '@prd/proto';
import { access, found, ownerOf, type Owned, type Owner } from '../access/access.js';
import { ActivitiesService } from '../activities/activities.service.js';
import type { ContentDb, ContentTx } from '../db/database.js';
import { documentRevisions, documents, projects } from '../db/schema.js';
import { UsageService } from '../usage/usage.service.js';
import { toDocumentDto, toDocumentSummary, toRevision } from './document-dto.js';

type DocumentRow = typeof documents.$inferSelect;

export interface NewDocument {
  title: string;
  content: string;
  projectId?: number | null;
}

/** A change to a document; `undefined` leaves a field as it is, `projectId: null` detaches it from its project. */
export interface DocumentChange {
  title?: string;
  content?: string;
  projectId?: number | null;
}

@Injectable()
export class DocumentsService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly activities: ActivitiesService,
    private readonly usage: UsageService,
  ) {}

  /** The owner's documents, most recently updated first, without their content. */
  async list(owner: Owner | null): Promise<DocumentSummary[]> {
    const d = documents;
    const rows = await this.db
      .select({ id: d.id, title: d.title, projectId: d.projectId, createdAt: d.createdAt, updatedAt: d.updatedAt })
      .from(d)
      .where(access.documents(owner))
      .orderBy(desc(d.updatedAt), desc(d.id));
    return rows.map(toDocumentSummary);
  }

  async get(owner: Owner | null, id: number): Promise<DocumentDto> {
    const [row] = await this.db.select().from(documents).where(access.document(owner, id));
    return toDocumentDto(found(row, DOCUMENT_NOT_FOUND));
  }

  /** The document's id if the owner may use it, else 404; its content is not read. */
  async check(owner: Owner | null, id: number): Promise<number> {
    const [row] = await this.db.select({ id: documents.id }).from(documents).where(access.document(owner, id));
    return found(row, DOCUMENT_NOT_FOUND).id;
  }

  /** Creates a document, consuming one of the owner's monthly documents (D5); a failed save gives it back. */
  async create(owner: Owner, input: NewDocument, requestId?: string): Promise<DocumentDto> {
    const projectId = input.projectId ?? null;
    // A wrong project is a 404 before any allowance is spent.
    if (projectId !== null) await this.lockProject(this.db, owner, projectId);
    await this.usage.consumeDocument(owner.id, requestId);
    try {
      return await this.db.transaction(async (tx) => {
        const project = projectId === null ? null : await this.lockProject(tx, owner, projectId);
        const [row] = await tx.insert(documents).values({ ownerId: owner.id, title: input.title, content: input.content, projectId }).returning();
        const created = found(row, DOCUMENT_NOT_FOUND);
        await this.activities.record(tx, owner, 'document_created', { documentId: created.id, projectId, title: created.title });
        if (project) await this.touchProject(tx, owner, project.id);
        return toDocumentDto(created);
      });
    } catch (err) {
      await this.usage.refundDocument(owner.id, requestId);
      throw err;
    }
  }

  /**
   * Applies a change made by `source`. A change of content first stores the content it replaces as a
   * revision; attaching checks the project is the owner's; nothing changed means nothing is written.
   */
  update(owner: Owner | null, id: number, change: DocumentChange, source: RevisionSource): Promise<DocumentDto> {
    return this.db.transaction(async (tx) => {
      const current = await this.lockDocument(tx, owner, id);
      return toDocumentDto(await this.apply(tx, current, change, source));
    });
  }

  async remove(owner: Owner | null, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await this.lockDocument(tx, owner, id);
      await tx.delete(documents).where(access.document(owner, current.id));
      await this.activities.record(tx, ownerOf(current), 'document_deleted', { documentId: current.id, projectId: current.projectId, title: current.title });
    });
  }

  /** Deletes a document that was created for work that failed, and gives the document allowance back. */
  async discard(owner: Owner, id: number, requestId?: string): Promise<void> {
    await this.remove(owner, id);
    await this.usage.refundDocument(owner.id, requestId);
  }

  /** The document's most recent revisions, newest first. */
  async revisions(owner: Owner | null, id: number): Promise<Revision[]> {
    const [row] = await this.db.select({ id: documents.id }).from(documents).where(access.document(owner, id));
    const document = found(row, DOCUMENT_NOT_FOUND);
    const rows = await this.db
      .select()
      .from(documentRevisions)
      .where(access.revisions(document))
      .orderBy(desc(documentRevisions.id))
      .limit(REVISIONS_LIST_LIMIT);
    return rows.map(toRevision);
  }

  /** Brings back a revision's content; like any change of content, this stores a revision of what it replaces. */
  restore(owner: Owner | null, id: number, revisionId: number): Promise<DocumentDto> {
    return this.db.transaction(async (tx) => {
      const current = await this.lockDocument(tx, owner, id);
      const [row] = await tx.select().from(documentRevisions).where(access.revision(current, revisionId));
      const revision = found(row, REVISION_NOT_FOUND);
      return toDocumentDto(await this.apply(tx, current, { content: revision.content }, 'restore'));
    });
  }

  private async apply(tx: ContentTx, current: Owned<DocumentRow>, change: DocumentChange, source: RevisionSource): Promise<DocumentRow> {
    const owner = ownerOf(current);
    const titleChanged = change.title !== undefined && change.title !== current.title;
    const contentChanged = change.content !== undefined && change.content !== current.content;
    const projectChanged = change.projectId !== undefined && change.projectId !== current.projectId;
    if (!titleChanged && !contentChanged && !projectChanged) return current;

    const newProject = projectChanged && change.projectId != null ? await this.lockProject(tx, owner, change.projectId) : null;
    if (contentChanged && !(source === 'user' && (await this.continuesSaves(tx, current)))) {
      await tx.insert(documentRevisions).values({ documentId: current.id, title: current.title, content: current.content, source });
      if (source === 'user') await this.thinSaves(tx, current);
    }
    const [row] = await tx
      .update(documents)
      .set({
        ...(titleChanged ? { title: change.title } : {}),
        ...(contentChanged ? { content: change.content } : {}),
        ...(projectChanged ? { projectId: change.projectId } : {}),
        updatedAt: sql`now()`,
      })
      .where(access.document(owner, current.id))
      .returning();
    const updated = found(row, DOCUMENT_NOT_FOUND);

    if (titleChanged || contentChanged) {
      await this.activities.record(tx, owner, 'document_updated', { documentId: updated.id, projectId: updated.projectId, title: updated.title });
    }
    if (projectChanged) {
      if (current.projectId !== null) {
        await this.activities.record(tx, owner, 'document_removed_from_project', { documentId: updated.id, projectId: current.projectId, title: updated.title });
        await this.touchProject(tx, owner, current.projectId);
      }
      if (newProject) {
        await this.activities.record(tx, owner, 'document_added_to_project', { documentId: updated.id, projectId: newProject.id, title: updated.title });
        await this.touchProject(tx, owner, newProject.id);
      }
    }
    return updated;
  }

  /**
   * Whether a user's save continues the saves whose revision is the document's newest: stored before
   * a user's save less than REVISION_COALESCE_MS ago. Such a save stores no revision of its own.
   */
  private async continuesSaves(tx: ContentTx, document: Owned<{ id: number }>): Promise<boolean> {
    const r = documentRevisions;
    const [newest] = await tx
      .select({ recent: sql<boolean>`${r.source} = 'user' AND ${r.createdAt} > now() - make_interval(secs => ${REVISION_COALESCE_MS / 1000})` })
      .from(r)
      .where(access.revisions(document))
      .orderBy(desc(r.id))
      .limit(1);
    return newest?.recent === true;
  }

  /** Keeps the newest REVISIONS_MAX_PER_DOCUMENT revisions of users' saves; AI, flow and restore revisions stay. */
  private async thinSaves(tx: ContentTx, document: Owned<{ id: number }>): Promise<void> {
    const r = documentRevisions;
    const oldest = tx
      .select({ id: r.id })
      .from(r)
      .where(and(access.revisions(document), eq(r.source, 'user')))
      .orderBy(desc(r.id))
      .offset(REVISIONS_MAX_PER_DOCUMENT);
    await tx.delete(r).where(inArray(r.id, oldest));
  }

  /** The owner's document, locked for the rest of the transaction, or 404. */
  private async lockDocument(tx: ContentTx, owner: Owner | null, id: number): Promise<Owned<DocumentRow>> {
    const [row] = await tx.select().from(documents).where(access.document(owner, id)).for('update');
    return found(row, DOCUMENT_NOT_FOUND);
  }

  /** The owner's project, held against deletion for the rest of the transaction, or 404. */
  private async lockProject(tx: ContentDb | ContentTx, owner: Owner, id: number): Promise<Owned<{ id: number; name: string }>> {
    const [row] = await tx.select({ id: projects.id, name: projects.name }).from(projects).where(access.project(owner, id)).for('share');
    return found(row, PROJECT_NOT_FOUND);
  }

  /** A project's "Last updated" moves when its documents come or go. */
  private async touchProject(tx: ContentTx, owner: Owner, projectId: number): Promise<void> {
    await tx.update(projects).set({ updatedAt: sql`now()` }).where(access.project(owner, projectId));
  }
}
