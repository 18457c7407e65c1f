import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { DB, PG_POOL, badRequest, notFound as notFoundError, versionConflict } from '@prd/kit';
import {
  DOCUMENT_NOT_FOUND,
  PROJECT_IN_OTHER_WORKSPACE,
  REVISION_NOT_FOUND,
  REVISIONS_LIST_LIMIT,
  type CompareQuery,
  type Comparison,
  type DocumentDto,
  type DocumentSummary,
  SEARCH_INDEXED_CHARS,
  type Revision,
  type RevisionSource,
  type SearchHit,
  type Role,
  type SavedDocument,
  type SharedDocumentSummary,
  type WorkspaceFilter,
} from '@prd/proto';
import { diffLines, diffStats, diffWords, sideBySide } from '@prd/proto/text-diff';
import { access, acting, ownerOf, type Granted, type Owner } from '../access/access.js';
import { ActivitiesService, type Actor } from '../activities/activities.service.js';
import { arrayStatement, documentColumns, isoTime, type ContentDb, type ContentTx, type DocumentRow, type Executor } from '../db/database.js';
import { documentRevisions, documents, projects, searchVector, type StoredAuthor } from '../db/schema.js';
import { PeopleService } from '../people/people.service.js';
import { RevocationsService } from '../shares/revocations.service.js';
import { UsageService } from '../usage/usage.service.js';
import { CollabServer } from '../collab/collab.server.js';
import { changeStoredMarkdown } from '../collab/live-document.js';
import { authorOf, usersAuthor, withNames } from './authors.js';
import { toDocumentDto, toDocumentSummary, toRevision } from './document-dto.js';
import { LiveFirst } from './live-first.js';
import { mergeEdit } from './merge-edit.js';
import { changeContent, type ContentWriter } from './revisions.js';

export interface NewDocument {
  title: string;
  content: string;
  projectId?: number | null;
  /** The workspace to create it in (docs/decisions/0037-workspaces.md); a project's documents are always in the project's. */
  workspaceId?: number | null;
}

/** Where new documents go: a project (and so its workspace), or a workspace, or neither (the owner's Personal space). */
export interface Placement {
  projectId: number | null;
  workspaceId?: number | null;
}

/** A change to a document; `undefined` leaves a field as it is, `projectId: null` detaches it from its project. */
export interface DocumentChange {
  title?: string;
  content?: string;
  projectId?: number | null;
  /** Moves it to a workspace ("Move to…", docs/decisions/0037-workspaces.md), null: its owner's Personal space. */
  workspaceId?: number | null;
  /**
   * The text `content` was computed from (an AI or flow edit): the change from it to `content` is merged onto the
   * document as it is now (docs/decisions/0035-edits-merge.md); without it, `content` replaces the text.
   */
  base?: string;
  /** The versions the writer read (`If-Match`, MCP `expectedVersion`): when given, any other one refuses the change (412). */
  expectedVersions?: readonly number[];
}

/** How a change is written: by whom (`source`, the revision's), as whose text (`author`, who asked by default). */
export interface ChangeOrigin {
  source: RevisionSource;
  author?: StoredAuthor;
  /**
   * More work of the same transaction (an accepted suggestion's status and activity), done before the change is written or sent to
   * open editors, so that it may still refuse the change: it commits with it or not at all.
   */
  alongside?: (tx: ContentTx, document: Granted<DocumentRow>) => Promise<void>;
}

@Injectable()
export class DocumentsService {
  /** The two lists' queries, built once and prepared on each database connection (`arrayStatement`). */
  private readonly ownList;
  private readonly sharedList;

  constructor(
    @Inject(DB) private readonly db: ContentDb,
    @Inject(PG_POOL) pool: pg.Pool,
    private readonly activities: ActivitiesService,
    private readonly usage: UsageService,
    private readonly people: PeopleService,
    private readonly revocations: RevocationsService,
    private readonly live: CollabServer,
  ) {
    const d = documents;
    this.ownList = arrayStatement<[id: number, title: string, projectId: number | null, workspaceId: number | null, createdAt: string, updatedAt: string]>(
      pool,
      'own_documents',
      db
        .select({ id: d.id, title: d.title, projectId: d.projectId, workspaceId: d.workspaceId, createdAt: isoTime(d.createdAt), updatedAt: isoTime(d.updatedAt) })
        .from(d)
        .where(access.ownDocuments)
        .orderBy(desc(d.updatedAt), desc(d.id))
        .toSQL(),
    );
    this.sharedList = access.sharedDocuments(db, pool);
  }

  /** The owner's documents, most recently updated first, without their content. */
  async list(owner: Owner | null): Promise<DocumentSummary[]> {
    if (!owner) return [];
    const rows = await this.ownList({ ownerId: owner.id });
    return rows.map(([id, title, projectId, workspaceId, createdAt, updatedAt]) => ({ id, title, projectId, workspaceId, createdAt, updatedAt }));
  }

  /**
   * `?workspace=`: every document of a workspace the user belongs to (404 otherwise), with the user's role on each, or with
   * `personal` the user's own documents outside any workspace; most recently updated first, without their content.
   */
  async listIn(user: Owner | null, filter: WorkspaceFilter): Promise<DocumentSummary[] | SharedDocumentSummary[]> {
    if (filter === 'personal') return (await this.list(user)).filter((d) => d.workspaceId === null);
    const workspace = await access.workspace(this.db, user, filter, 'member');
    const rows = await this.db
      .select({
        document: {
          id: documents.id,
          title: documents.title,
          projectId: documents.projectId,
          workspaceId: documents.workspaceId,
          createdAt: documents.createdAt,
          updatedAt: documents.updatedAt,
          ownerId: documents.ownerId,
        },
      })
      .from(documents)
      .where(access.workspaceDocuments(workspace))
      .orderBy(desc(documents.updatedAt), desc(documents.id));
    const owners = await this.people.profiles(rows.map((r) => r.document.ownerId));
    return rows.flatMap(({ document }) => {
      const owner = owners.get(document.ownerId);
      const role: Role = user && document.ownerId === user.id ? 'owner' : workspace.role;
      return owner ? [{ ...toDocumentSummary(document), role, owner }] : [];
    });
  }

  /** What others shared with the user (directly or through a project), with the user's role and each owner. */
  async listShared(user: Owner | null): Promise<SharedDocumentSummary[]> {
    if (!user) return [];
    const rows = await this.sharedList(user);
    const owners = await this.people.profiles(rows.map((r) => r.ownerId));
    const list: SharedDocumentSummary[] = [];
    for (const row of rows) {
      const owner = owners.get(row.ownerId);
      // An owner whose account is gone leaves nothing to show.
      if (owner)
        list.push({
          id: row.id,
          title: row.title,
          projectId: row.projectId,
          workspaceId: row.workspaceId,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          role: row.role,
          owner,
        });
    }
    return list;
  }

  /**
   * PostgreSQL full-text search (web-search syntax: words, "phrases", or, -not) over the titles and
   * content of every document the user may read, on the stored `search_vector` and its GIN index,
   * best match first; snippets are cut from the hits only.
   */
  async search(user: Owner | null, text: string, limit: number): Promise<SearchHit[]> {
    const d = documents;
    const query = sql`websearch_to_tsquery('english', ${text})`;
    const hits = this.db
      .select({ id: d.id, title: d.title, projectId: d.projectId, updatedAt: d.updatedAt, content: d.content, rank: sql<number>`ts_rank(${searchVector}, ${query})`.as('rank') })
      .from(d)
      .where(and(access.readableDocuments(user), sql`${searchVector} @@ ${query}`))
      .orderBy(desc(sql`rank`), desc(d.updatedAt), desc(d.id))
      .limit(limit)
      .as('hits');
    const rows = await this.db
      .select({
        id: hits.id,
        title: hits.title,
        projectId: hits.projectId,
        updatedAt: hits.updatedAt,
        snippet: sql<string>`ts_headline('english', left(${hits.content}, ${SEARCH_INDEXED_CHARS}), ${query}, 'StartSel=«, StopSel=», MaxFragments=2, MaxWords=20, MinWords=5')`,
      })
      .from(hits)
      .orderBy(desc(hits.rank), desc(hits.updatedAt), desc(hits.id));
    return rows.map((r) => ({ id: r.id, title: r.title, projectId: r.projectId, updatedAt: r.updatedAt.toISOString(), snippet: r.snippet }));
  }

  async get(user: Owner | null, id: number, needed: Role = 'viewer'): Promise<DocumentDto> {
    const row = await access.document(this.db, user, id, needed);
    return toDocumentDto(row, row.role);
  }

  /** The document's id if the user has at least `needed` on it, else 404 (no access) or 403 (role too weak); its content is not read. */
  async check(user: Owner | null, id: number, needed: Role): Promise<number> {
    return (await access.documentAccess(this.db, user, id, needed)).id;
  }

  /** Creates a document, consuming one of the owner's monthly documents (docs/decisions/0005-users-guests-and-limits.md); a failed save gives it back. */
  async create(owner: Owner, input: NewDocument, requestId?: string, author: StoredAuthor = usersAuthor([owner.id])): Promise<DocumentDto> {
    const [created] = await this.createAll(owner, { projectId: input.projectId ?? null, workspaceId: input.workspaceId ?? null }, [input], requestId, author);
    return created!;
  }

  /**
   * Creates the documents all or none (an import: docs/decisions/0034-document-import.md), in one project or none,
   * in one workspace or none, consuming as many of the owner's monthly documents at once; a failed save gives them all back.
   */
  async createAll(
    owner: Owner,
    { projectId, workspaceId = null }: Placement,
    inputs: ReadonlyArray<{ title: string; content: string }>,
    requestId?: string,
    author: StoredAuthor = usersAuthor([owner.id]),
  ): Promise<DocumentDto[]> {
    // A wrong project or workspace is a 404 before any allowance is spent; only a project's owner (or its workspace's admins) adds documents to it.
    await this.place(this.db, owner, projectId, workspaceId);
    await this.usage.consumeDocument(owner.id, requestId, inputs.length);
    try {
      return await this.db.transaction(async (tx) => {
        const { project, workspaceId: space } = await this.place(tx, owner, projectId, workspaceId, 'share');
        const rows = await tx
          .insert(documents)
          .values(inputs.map((input) => ({ ownerId: owner.id, title: input.title, content: input.content, projectId, workspaceId: space, contentAuthor: author })))
          .returning(documentColumns);
        if (rows.length !== inputs.length) throw new Error('insert returned too few rows');
        for (const created of rows) await this.activities.record(tx, owner, owner, 'document_created', { documentId: created.id, projectId, title: created.title });
        if (project) await this.touchProject(tx, project.id);
        return rows.map((created) => toDocumentDto(created, 'owner'));
      });
    } catch (err) {
      await this.usage.refundDocument(owner.id, requestId, inputs.length);
      throw err;
    }
  }

  /**
   * Where new or moved documents go: a project the user may add to (its workspace comes with it; naming another one is a 400),
   * or a workspace the user belongs to (404 otherwise), or the Personal space.
   */
  private async place(db: Executor, user: Owner, projectId: number | null, workspaceId: number | null | undefined, lock?: 'share') {
    const project = projectId === null ? null : await access.project(db, user, projectId, 'owner', lock ? { lock } : {});
    if (project) {
      if (workspaceId !== undefined && workspaceId !== null && workspaceId !== project.workspaceId) throw badRequest(PROJECT_IN_OTHER_WORKSPACE);
      return { project, workspaceId: project.workspaceId };
    }
    if (workspaceId) await access.workspace(db, user, workspaceId, 'member');
    return { project: null, workspaceId: workspaceId ?? null };
  }

  /**
   * Applies a change made by `source` on behalf of `actor`. Title and content need the editor role,
   * moving between projects the owner. A change of content first stores the content it replaces as
   * a revision; nothing changed means nothing is written. Moving it to another project or workspace needs the owner role
   * (admins of its workspace have it); the members of a workspace it leaves lose it at once, live editors included.
   */
  async update(actor: Actor | null, id: number, change: DocumentChange, origin: ChangeOrigin): Promise<DocumentDto> {
    const { unapplied, ...dto } = await this.save(actor, id, change, origin);
    return dto;
  }

  /** `update`, with what of a merged edit (`change.base`) could not be applied because people changed the same passage. */
  async save(actor: Actor | null, id: number, change: DocumentChange, { source, author, alongside }: ChangeOrigin): Promise<SavedDocument> {
    const liveFirst = new LiveFirst(this.live, id);
    const outcome = await this.db.transaction(async (tx) => {
      const needed: Role = change.projectId !== undefined || change.workspaceId !== undefined ? 'owner' : 'editor';
      const current = await access.documentToChange(tx, actor, id, needed);
      if (change.expectedVersions && !change.expectedVersions.includes(current.version)) throw versionConflict(current.version);
      const writer = acting(actor, DOCUMENT_NOT_FOUND);
      const merged = change.base !== undefined && change.content !== undefined ? mergeEdit(current.content, change.base, change.content) : null;
      return liveFirst.run(tx, async (savepoint) => {
        if (alongside) await alongside(savepoint, current);
        const row = await this.apply(
          savepoint,
          writer,
          current,
          merged ? { ...change, content: merged.content } : change,
          source,
          author ?? authorOf(source, writer.id),
          liveFirst,
        );
        return { row, dto: toDocumentDto(row, current.role), unapplied: merged?.unapplied ?? [], current };
      });
    });
    if (!outcome.ok) throw outcome.error;
    liveFirst.committed();
    const { row, dto, unapplied, current } = outcome.value;
    // Access inherited from the old project ended with the commit; realtime sessions on it end now.
    if (current.projectId !== null && row.projectId !== current.projectId) await this.revocations.documentLeftProject(id, current.projectId);
    if (current.workspaceId !== null && row.workspaceId !== current.workspaceId) await this.revocations.leftWorkspace(current.workspaceId, [id]);
    return { ...dto, unapplied };
  }

  async remove(user: Actor | null, id: number): Promise<void> {
    let deleted = false;
    await this.db.transaction(async (tx) => {
      const current = await access.document(tx, user, id, 'owner', { lock: 'update' });
      await tx.delete(documents).where(eq(documents.id, current.id));
      deleted = true;
      await this.activities.record(tx, ownerOf(current), acting(user, DOCUMENT_NOT_FOUND), 'document_deleted', {
        documentId: current.id,
        projectId: current.projectId,
        title: current.title,
      });
    });
    if (deleted) await this.live.deleted(id);
  }

  /** Deletes a document that was created for work that failed, and gives the document allowance back. */
  async discard(owner: Owner, id: number, requestId?: string): Promise<void> {
    await this.remove(owner, id);
    await this.usage.refundDocument(owner.id, requestId);
  }

  /** The document's named revisions, then its most recent others, newest first, with their authors' names. */
  async revisions(user: Owner | null, id: number): Promise<Revision[]> {
    const document = await access.document(this.db, user, id, 'viewer');
    const r = documentRevisions;
    const rows = await this.db
      .select()
      .from(r)
      .where(access.revisions(document))
      .orderBy(asc(isNull(r.name)), desc(r.id))
      .limit(REVISIONS_LIST_LIMIT);
    const authors = await withNames(
      this.people,
      rows.map((row) => row.author),
    );
    return rows.map((row, i) => toRevision(row, authors[i]!));
  }

  /** The differences between two versions of the document (revisions, or `current`): the history panel's line diff, with the words of each replaced line. */
  async compare(user: Owner | null, id: number, { from, to }: CompareQuery): Promise<Comparison> {
    const document = await access.document(this.db, user, id, 'viewer');
    const version = async (ref: CompareQuery['from']) => {
      if (ref === 'current') return { revisionId: null, title: document.title, content: document.content };
      const [revision] = await this.db.select().from(documentRevisions).where(access.revision(document, ref));
      if (!revision) throw notFoundError(REVISION_NOT_FOUND);
      return { revisionId: revision.id, title: revision.title, content: revision.content };
    };
    const [before, after] = await Promise.all([version(from), version(to)]);
    const lines = diffLines(before.content, after.content);
    const changedLines = sideBySide(lines).flatMap(({ left, right }) =>
      left?.kind === 'removed' && right?.kind === 'added' ? [{ before: left.text, after: right.text, words: diffWords(left.text, right.text) }] : [],
    );
    return {
      from: { revisionId: before.revisionId, title: before.title },
      to: { revisionId: after.revisionId, title: after.title },
      lines,
      changedLines,
      stats: diffStats(lines),
    };
  }

  /** Names a revision ("v1.0 signed off"), or with null removes its name (editors and the owner); a named revision is never thinned. */
  async nameRevision(user: Owner | null, id: number, revisionId: number, name: string | null): Promise<Revision> {
    const document = await access.document(this.db, user, id, 'editor');
    const [row] = await this.db.update(documentRevisions).set({ name }).where(access.revision(document, revisionId)).returning();
    if (!row) throw notFoundError(REVISION_NOT_FOUND);
    const [author] = await withNames(this.people, [row.author]);
    return toRevision(row, author!);
  }

  /** Brings back a revision's content (editors and the owner); like any change of content, this stores a revision of what it replaces. */
  async restore(actor: Actor | null, id: number, revisionId: number): Promise<DocumentDto> {
    const liveFirst = new LiveFirst(this.live, id);
    const outcome = await this.db.transaction(async (tx) => {
      const current = await access.documentToChange(tx, actor, id, 'editor');
      const [revision] = await tx.select().from(documentRevisions).where(access.revision(current, revisionId));
      if (!revision) throw notFoundError(REVISION_NOT_FOUND);
      const writer = acting(actor, DOCUMENT_NOT_FOUND);
      return liveFirst.run(tx, async (savepoint) =>
        toDocumentDto(await this.apply(savepoint, writer, current, { content: revision.content }, 'restore', usersAuthor([writer.id]), liveFirst), current.role),
      );
    });
    if (!outcome.ok) throw outcome.error;
    liveFirst.committed();
    return outcome.value;
  }

  /**
   * Writes a change; a change of content also changes the stored live state
   * (docs/decisions/0022-co-editing-with-hocuspocus.md), and its update is sent to open editors before the rows are written
   * (`liveFirst`: taken back if the writes fail, docs/decisions/0045-accept-lands-fast.md).
   */
  private async apply(
    tx: ContentTx,
    actor: Actor,
    current: Granted<DocumentRow & { yjsState: Uint8Array | null }>,
    change: DocumentChange,
    source: RevisionSource,
    author: StoredAuthor,
    liveFirst: LiveFirst,
  ): Promise<DocumentRow> {
    const owner = ownerOf(current);
    const titleChanged = change.title !== undefined && change.title !== current.title;
    const contentChanged = change.content !== undefined && change.content !== current.content;
    const projectChanged = change.projectId !== undefined && change.projectId !== current.projectId;
    const spaceNamed = change.workspaceId !== undefined && change.workspaceId !== current.workspaceId;
    if (!titleChanged && !contentChanged && !projectChanged && !spaceNamed) return current;

    // Only the owner (or an admin of its workspace) moves a document (checked by `update`): into a project of the owner's or
    // one the actor administers, or into a workspace the actor belongs to; a project brings its workspace.
    const target = projectChanged && change.projectId != null ? change.projectId : null;
    const placed = target !== null || spaceNamed ? await this.place(tx, acting(actor, DOCUMENT_NOT_FOUND), target, change.workspaceId, 'share') : null;
    const newProject = placed?.project ?? null;
    const workspaceId = placed ? (placed.project || spaceNamed ? placed.workspaceId : current.workspaceId) : current.workspaceId;
    // Leaving for another workspace leaves a project of the old one.
    const projectId = projectChanged ? (change.projectId ?? null) : workspaceId !== current.workspaceId && current.projectId !== null ? null : current.projectId;
    const movedOut = projectId !== current.projectId;
    const live = contentChanged ? changeStoredMarkdown(current.yjsState, current.content, change.content ?? current.content, current.id) : null;
    if (live) liveFirst.send(live);
    // A new title or content is an event for the owner, recorded by the update's own statement.
    const recorded =
      titleChanged || contentChanged
        ? await this.activities.documentUpdated(tx, owner, actor, {
            documentId: current.id,
            projectId,
            title: titleChanged ? change.title! : current.title,
          })
        : [];
    const write = (writer: ContentWriter) =>
      writer
        .update(documents)
        .set({
          ...(titleChanged ? { title: change.title } : {}),
          ...(contentChanged && live ? { content: change.content, yjsState: live.state, contentAuthor: author } : {}),
          ...(movedOut ? { projectId } : {}),
          ...(workspaceId !== current.workspaceId ? { workspaceId } : {}),
          ...(titleChanged || contentChanged ? { version: sql`${documents.version} + 1` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(documents.id, current.id))
        .returning(documentColumns);
    const [updated] = contentChanged ? await changeContent(tx, current, source, author, write, recorded) : await write(recorded.length ? tx.with(...recorded) : tx);
    if (!updated) throw notFoundError(DOCUMENT_NOT_FOUND);

    if (movedOut) {
      if (current.projectId !== null) {
        await this.activities.record(tx, owner, actor, 'document_removed_from_project', { documentId: updated.id, projectId: current.projectId, title: updated.title });
        await this.touchProject(tx, current.projectId);
      }
      if (newProject) {
        await this.activities.record(tx, owner, actor, 'document_added_to_project', { documentId: updated.id, projectId: newProject.id, title: updated.title });
        await this.touchProject(tx, newProject.id);
      }
    }
    return updated;
  }

  /** A project's "Last updated" moves when its documents come or go. */
  private async touchProject(tx: Executor, projectId: number): Promise<void> {
    await tx
      .update(projects)
      .set({ updatedAt: sql`now()` })
      .where(eq(projects.id, projectId));
  }
}
