import { and, desc, eq, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { forbidden, notFound } from '@prd/kit';
import {
  BUILTIN_TEMPLATE_READ_ONLY,
  DOCUMENT_NOT_FOUND,
  PROJECT_NOT_FOUND,
  TEMPLATE_AUTHOR_ONLY,
  TEMPLATE_NOT_FOUND,
  roleAllows,
  roleNeededMessage,
  strongerRole,
  WORKSPACE_ADMIN_ONLY,
  WORKSPACE_NOT_FOUND,
  type GrantableRole,
  type Role,
  type WorkspaceRole,
} from '@prd/proto';
import { arrayStatement, documentColumns, isoTime, type ContentDb, type DocumentRow, type Executor } from '../db/database.js';
import { activities, documentGrants, documentRevisions, documents, projectGrants, projects, templates, workspaceMembers, workspaces } from '../db/schema.js';

/**
 * Whom a query acts for: the session's user on public routes, the user an internal caller names on
 * internal ones. `null` (an anonymous visitor) may reach nothing.
 */
export interface Owner {
  readonly id: number;
}

declare const accessChecked: unique symbol;
/** A row loaded through this module, with the acting user's role on it; only this module makes one. */
export type Granted<T> = T & { readonly [accessChecked]: true; readonly role: Role };

type ProjectRow = typeof projects.$inferSelect;
type WorkspaceRow = typeof workspaces.$inferSelect;

/** A document others shared with the user, with the user's role on it (`access.sharedDocuments`). */
export interface SharedDocument {
  id: number;
  title: string;
  projectId: number | null;
  workspaceId: number | null;
  ownerId: number;
  createdAt: string;
  updatedAt: string;
  role: Role;
}

/** A row of the shared documents' statement, in the order of its columns. */
type SharedDocumentColumns = [
  id: number,
  title: string,
  projectId: number | null,
  workspaceId: number | null,
  ownerId: number,
  createdAt: string,
  updatedAt: string,
  direct: GrantableRole | null,
  inherited: GrantableRole | null,
];

/** Matches no row: what every rule gives when there is no user (default deny). */
const DENY: SQL = sql`false`;

function ownedBy(column: typeof projects.ownerId | typeof activities.ownerId, owner: Owner | null): SQL {
  return owner ? eq(column, owner.id) : DENY;
}

/** The acting user's role from the owner column and the grants joined beside it; null when there is none. */
export function roleOf(user: Owner, ownerId: number, ...grants: (Role | null)[]): Role | null {
  if (ownerId === user.id) return 'owner';
  return grants.reduce<Role | null>((best, grant) => strongerRole(best, grant), null);
}

/** 404 without any role (nothing leaks), 403 naming the role needed when the role is too weak. */
export function granted<T extends object>(row: T | undefined, role: Role | null, needed: Role, missing: string): Granted<T> {
  if (row === undefined || role === null) throw notFound(missing);
  if (!roleAllows(role, needed)) throw forbidden(roleNeededMessage(needed));
  return Object.assign(row, { role }) as Granted<T>;
}

/** A user's or document's id in a query: a value, or a placeholder of a statement prepared once. */
type Id = number | Placeholder;

/**
 * The role a workspace gives the user on one of its items (docs/decisions/0037-workspaces.md), from the membership and workspace
 * joined beside the item by `inWorkspace`: admins act as owners, members have the workspace's default role, others nothing.
 */
const workspaceRole = sql<Role | null>`case when ${workspaceMembers.role} = 'admin' then 'owner' else ${workspaces.defaultRole} end`;
const memberOf = (workspaceId: typeof documents.workspaceId | typeof projects.workspaceId | typeof templates.workspaceId, userId: Id) =>
  and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId));
const workspaceOfMembership = eq(workspaces.id, workspaceMembers.workspaceId);

/** A document with the user's direct grant and the grant of its project beside it. */
const documentWithGrants = (db: Executor, userId: Id, id: Id) =>
  db
    .select({ document: documentColumns, direct: documentGrants.role, inherited: projectGrants.role, space: workspaceRole })
    .from(documents)
    .leftJoin(documentGrants, and(eq(documentGrants.documentId, documents.id), eq(documentGrants.userId, userId)))
    .leftJoin(projectGrants, and(eq(projectGrants.projectId, documents.projectId), eq(projectGrants.userId, userId)))
    .leftJoin(workspaceMembers, memberOf(documents.workspaceId, userId))
    .leftJoin(workspaces, workspaceOfMembership)
    .where(eq(documents.id, id));

/** The same, without the document's fields: whether the user may go on. */
const grantsOnDocument = (db: Executor, userId: Id, id: Id) =>
  db
    .select({ id: documents.id, ownerId: documents.ownerId, direct: documentGrants.role, inherited: projectGrants.role, space: workspaceRole })
    .from(documents)
    .leftJoin(documentGrants, and(eq(documentGrants.documentId, documents.id), eq(documentGrants.userId, userId)))
    .leftJoin(projectGrants, and(eq(projectGrants.projectId, documents.projectId), eq(projectGrants.userId, userId)))
    .leftJoin(workspaceMembers, memberOf(documents.workspaceId, userId))
    .leftJoin(workspaces, workspaceOfMembership)
    .where(eq(documents.id, id));

const statement = (db: ContentDb) => ({
  document: documentWithGrants(db, sql.placeholder('userId'), sql.placeholder('id')).prepare('access_document'),
  documentAccess: grantsOnDocument(db, sql.placeholder('userId'), sql.placeholder('id')).prepare('access_document_grants'),
});
const statements = new WeakMap<ContentDb, ReturnType<typeof statement>>();

/**
 * The two document reads every document chat reply makes (chat's check, the worker's read), outside a transaction, as
 * statements built once and parsed once per connection: neither Drizzle's query building nor PostgreSQL's parse per call.
 */
function preparedFor(db: Executor): ReturnType<typeof statement> | null {
  if (db instanceof PgTransaction) return null;
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = statement(db)));
  return prepared;
}

export interface LoadOptions {
  /** Lock the row for the rest of the caller's transaction. */
  lock?: 'update' | 'share';
}

/**
 * The one place that decides what a user may do with a document or project (docs/decisions/0009-security.md, docs/decisions/0012-sharing-and-roles.md): the owner is
 * `owner`, others have the stronger of their direct grant, for a document its project's grant, and the role its workspace
 * gives them (docs/decisions/0037-workspaces.md: admins act as owners, members have the default role).
 * Every route of every service reaches documents and projects through here (other services over
 * content's internal routes). No cache: a revoked grant stops working on the very next request.
 */
export const access = {
  async document(db: Executor, user: Owner | null, id: number, needed: Role, options: LoadOptions = {}): Promise<Granted<DocumentRow>> {
    if (!user) throw notFound(DOCUMENT_NOT_FOUND);
    const prepared = options.lock ? null : preparedFor(db);
    const [row] = prepared
      ? await prepared.document.execute({ userId: user.id, id })
      : options.lock
        ? await documentWithGrants(db, user.id, id).for(options.lock, { of: documents })
        : await documentWithGrants(db, user.id, id);
    return granted(row?.document, row ? roleOf(user, row.document.ownerId, row.direct, row.inherited, row.space) : null, needed, DOCUMENT_NOT_FOUND);
  },

  /**
   * `document` locked for the caller's transaction with its stored live state (docs/decisions/0022-co-editing-with-hocuspocus.md),
   * for a change that may rewrite it: one query instead of a second read of the state.
   */
  async documentToChange(db: Executor, user: Owner | null, id: number, needed: Role): Promise<Granted<DocumentRow & { yjsState: Uint8Array | null }>> {
    if (!user) throw notFound(DOCUMENT_NOT_FOUND);
    const [row] = await db
      .select({ document: { ...documentColumns, yjsState: documents.yjsState }, direct: documentGrants.role, inherited: projectGrants.role, space: workspaceRole })
      .from(documents)
      .leftJoin(documentGrants, and(eq(documentGrants.documentId, documents.id), eq(documentGrants.userId, user.id)))
      .leftJoin(projectGrants, and(eq(projectGrants.projectId, documents.projectId), eq(projectGrants.userId, user.id)))
      .leftJoin(workspaceMembers, memberOf(documents.workspaceId, user.id))
      .leftJoin(workspaces, workspaceOfMembership)
      .where(eq(documents.id, id))
      .for('update', { of: documents });
    return granted(row?.document, row ? roleOf(user, row.document.ownerId, row.direct, row.inherited, row.space) : null, needed, DOCUMENT_NOT_FOUND);
  },

  async project(db: Executor, user: Owner | null, id: number, needed: Role, options: LoadOptions = {}): Promise<Granted<ProjectRow>> {
    if (!user) throw notFound(PROJECT_NOT_FOUND);
    const query = db
      .select({ project: projects, grant: projectGrants.role, space: workspaceRole })
      .from(projects)
      .leftJoin(projectGrants, and(eq(projectGrants.projectId, projects.id), eq(projectGrants.userId, user.id)))
      .leftJoin(workspaceMembers, memberOf(projects.workspaceId, user.id))
      .leftJoin(workspaces, workspaceOfMembership)
      .where(eq(projects.id, id));
    const [row] = options.lock ? await query.for(options.lock, { of: projects }) : await query;
    return granted(row?.project, row ? roleOf(user, row.project.ownerId, row.grant, row.space) : null, needed, PROJECT_NOT_FOUND);
  },

  /**
   * The same rule as `document`, reading only the id and the roles (no content): for checks that only
   * need to know whether the user may go on (chat's `/ws` sessions and document chat).
   */
  async documentAccess(db: Executor, user: Owner | null, id: number, needed: Role): Promise<Granted<{ id: number }>> {
    if (!user) throw notFound(DOCUMENT_NOT_FOUND);
    const prepared = preparedFor(db);
    const [row] = prepared ? await prepared.documentAccess.execute({ userId: user.id, id }) : await grantsOnDocument(db, user.id, id);
    return granted(row ? { id: row.id } : undefined, row ? roleOf(user, row.ownerId, row.direct, row.inherited, row.space) : null, needed, DOCUMENT_NOT_FOUND);
  },

  /** The same rule as `project`, reading only the id and the roles. */
  async projectAccess(db: Executor, user: Owner | null, id: number, needed: Role): Promise<Granted<{ id: number }>> {
    if (!user) throw notFound(PROJECT_NOT_FOUND);
    const [row] = await db
      .select({ id: projects.id, ownerId: projects.ownerId, grant: projectGrants.role, space: workspaceRole })
      .from(projects)
      .leftJoin(projectGrants, and(eq(projectGrants.projectId, projects.id), eq(projectGrants.userId, user.id)))
      .leftJoin(workspaceMembers, memberOf(projects.workspaceId, user.id))
      .leftJoin(workspaces, workspaceOfMembership)
      .where(eq(projects.id, id));
    return granted(row ? { id: row.id } : undefined, row ? roleOf(user, row.ownerId, row.grant, row.space) : null, needed, PROJECT_NOT_FOUND);
  },

  /**
   * A workspace the user belongs to, with their role in it (docs/decisions/0037-workspaces.md): 404 to anyone else (nothing
   * leaks), 403 to a member when the action is the admins'.
   */
  async workspace(db: Executor, user: Owner | null, id: number, needed: WorkspaceRole, options: LoadOptions = {}): Promise<Granted<WorkspaceRow> & { membership: WorkspaceRole }> {
    if (!user) throw notFound(WORKSPACE_NOT_FOUND);
    const query = db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaces)
      .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, user.id)))
      .where(eq(workspaces.id, id));
    const [row] = options.lock ? await query.for(options.lock, { of: workspaces }) : await query;
    if (!row) throw notFound(WORKSPACE_NOT_FOUND);
    if (needed === 'admin' && row.role !== 'admin') throw forbidden(WORKSPACE_ADMIN_ONLY);
    // The item role a membership stands for: what `roleOf` gives the member on each of the workspace's items.
    const role: Role = row.role === 'admin' ? 'owner' : row.workspace.defaultRole;
    return Object.assign(row.workspace, { role, membership: row.role }) as Granted<WorkspaceRow> & { membership: WorkspaceRole };
  },

  /**
   * A live document as the collaboration server stores it, locked for the caller's transaction, or
   * undefined when it is gone (docs/decisions/0022-co-editing-with-hocuspocus.md). No user is checked here because none acts: every
   * update in the live document came from a connection whose role `documentAccess` checked when it
   * connected (and again at every change of its grants), so the store acts for the owner.
   */
  async liveDocument(db: Executor, id: number): Promise<Granted<DocumentRow & { yjsState: Uint8Array | null }> | undefined> {
    const [row] = await db
      .select({ ...documentColumns, yjsState: documents.yjsState })
      .from(documents)
      .where(eq(documents.id, id))
      .for('update');
    return row ? granted(row, 'owner', 'owner', DOCUMENT_NOT_FOUND) : undefined;
  },

  /**
   * The user's own documents (`GET /api/documents`), for a prepared statement: its `ownerId` parameter is
   * the user's id, so it is run only with a user (an anonymous visitor lists nothing without a query).
   */
  ownDocuments: eq(documents.ownerId, sql.placeholder('ownerId')),
  /** The user's own projects. */
  ownProjects: (owner: Owner | null): SQL => ownedBy(projects.ownerId, owner),

  /**
   * Documents others shared with the user, directly or through their project, with the user's role on each,
   * most recently updated first: a query for `user`, built once per service. It starts from the user's
   * grants (the direct ones full-joined, by document, to those through a project), so PostgreSQL reaches the
   * documents through their primary key and project index: filtering outer joins from the documents instead
   * scanned every document in the database (150 ms per request at 200,000 documents, 0.3 ms this way), and
   * matching the documents against arrays of the grants, then joining the grants again for the roles, cost
   * PostgreSQL 10-20% more CPU on a list of 100. Drizzle only writes the SQL: it runs as a named prepared
   * statement on the pool in array mode and each row is read by position, because drizzle's generic row
   * mapping was a tenth of this hot list's CPU.
   */
  sharedDocuments(db: ContentDb, pool: pg.Pool): (user: Owner) => Promise<SharedDocument[]> {
    const userId = sql.placeholder('userId');
    const direct = db.select({ id: documentGrants.documentId, role: documentGrants.role }).from(documentGrants).where(eq(documentGrants.userId, userId)).as('direct');
    const inProject = alias(documents, 'in_project');
    const inherited = db
      .select({ id: inProject.id, role: projectGrants.role })
      .from(projectGrants)
      .innerJoin(inProject, eq(inProject.projectId, projectGrants.projectId))
      .where(eq(projectGrants.userId, userId))
      .as('inherited');
    const query = db
      .select({
        id: documents.id,
        title: documents.title,
        projectId: documents.projectId,
        workspaceId: documents.workspaceId,
        ownerId: documents.ownerId,
        createdAt: isoTime(documents.createdAt),
        updatedAt: isoTime(documents.updatedAt),
        direct: direct.role,
        inherited: inherited.role,
      })
      .from(direct)
      .fullJoin(inherited, eq(inherited.id, direct.id))
      // Each side has at most one row per document: one grant per document and user, one per project and user.
      .innerJoin(documents, eq(documents.id, sql`coalesce(${direct.id}, ${inherited.id})`))
      .where(ne(documents.ownerId, userId))
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .toSQL();
    const run = arrayStatement<SharedDocumentColumns>(pool, 'shared_documents', query);
    return async (user) => {
      const rows = await run({ userId: user.id });
      return rows.map(([id, title, projectId, workspaceId, ownerId, createdAt, updatedAt, direct, inherited]) => ({
        id,
        title,
        projectId,
        workspaceId,
        ownerId,
        createdAt,
        updatedAt,
        role: strongerRole(direct, inherited) ?? 'viewer',
      }));
    };
  },

  /**
   * Every document the user may read: their own, and those shared with them directly or through
   * their project (the same rule as `document` with `viewer`). For reads over many documents at once
   * (`search_documents`); each hit still goes through `document` when it is opened. The grants are
   * matched as arrays, so the rule can use the documents' indexes.
   */
  readableDocuments: (user: Owner | null): SQL =>
    user
      ? (or(
          eq(documents.ownerId, user.id),
          sql`${documents.id} = any(array(select ${documentGrants.documentId} from ${documentGrants} where ${documentGrants.userId} = ${user.id}))`,
          sql`${documents.projectId} = any(array(select ${projectGrants.projectId} from ${projectGrants} where ${projectGrants.userId} = ${user.id}))`,
          sql`${documents.workspaceId} = any(array(select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${workspaceMembers.userId} = ${user.id}))`,
        ) ?? DENY)
      : DENY,

  /** Projects others shared with the user, with the user's role on each. */
  sharedProjects(db: Executor, user: Owner) {
    return db
      .select({ project: projects, role: projectGrants.role })
      .from(projects)
      .innerJoin(projectGrants, and(eq(projectGrants.projectId, projects.id), eq(projectGrants.userId, user.id)))
      .where(ne(projects.ownerId, user.id))
      .orderBy(desc(projects.updatedAt), desc(projects.id));
  },

  /**
   * A template (docs/decisions/0038-custom-templates.md): anyone uses a built-in one, a user their own, a member their workspace's;
   * anyone else gets 404. Changing one (`change`) is for its author or the workspace's admins; built-in ones never change (403).
   */
  async template(db: Executor, user: Owner | null, id: number, needed: 'use' | 'change'): Promise<Granted<typeof templates.$inferSelect>> {
    const [row] = await db
      .select({ template: templates, membership: workspaceMembers.role })
      .from(templates)
      .leftJoin(workspaceMembers, user ? memberOf(templates.workspaceId, user.id) : DENY)
      .where(eq(templates.id, id));
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    const { template, membership } = row;
    const builtin = template.ownerId === null;
    const author = user !== null && template.ownerId === user.id;
    // An author who left the workspace no longer reaches its templates: the workspace's rule comes first.
    const reach = builtin || (template.workspaceId === null ? author : membership !== null);
    if (!reach) throw notFound(TEMPLATE_NOT_FOUND);
    if (needed === 'change') {
      if (builtin) throw forbidden(BUILTIN_TEMPLATE_READ_ONLY);
      if (!author && membership !== 'admin') throw forbidden(TEMPLATE_AUTHOR_ONLY);
    }
    return Object.assign(template, { role: needed === 'change' ? 'owner' : 'viewer' }) as Granted<typeof templates.$inferSelect>;
  },

  /** The templates `user` may use: the built-in ones, their own, their workspaces'. */
  usableTemplates: (user: Owner | null): SQL =>
    user
      ? (or(
          sql`${templates.ownerId} is null`,
          and(eq(templates.ownerId, user.id), sql`${templates.workspaceId} is null`),
          sql`${templates.workspaceId} = any(array(select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${workspaceMembers.userId} = ${user.id}))`,
        ) ?? DENY)
      : sql`${templates.ownerId} is null`,

  /** The documents and projects of a workspace already loaded through `access.workspace`. */
  workspaceDocuments: (workspace: Granted<{ id: number }>): SQL => eq(documents.workspaceId, workspace.id),
  workspaceProjects: (workspace: Granted<{ id: number }>): SQL => eq(projects.workspaceId, workspace.id),

  /** The documents of a project already loaded through `access.project`. */
  projectDocuments: (project: Granted<{ id: number }>): SQL => eq(documents.projectId, project.id),
  /** Revisions of a document already loaded through `access.document`. */
  revisions: (document: Granted<{ id: number }>): SQL => eq(documentRevisions.documentId, document.id),
  revision: (document: Granted<{ id: number }>, id: number): SQL => and(eq(documentRevisions.documentId, document.id), eq(documentRevisions.id, id)) ?? DENY,
  /** The events of the user's own items (colleagues' work on them included). */
  activities: (owner: Owner | null): SQL => ownedBy(activities.ownerId, owner),
};

/** The owner of a row loaded through `access`: whose allowance, activities and projects it belongs to. */
export function ownerOf(row: Granted<{ ownerId: number }>): Owner {
  return { id: row.ownerId };
}

/** The acting user of a route that `access` already let through (so never null there); 404 otherwise. */
export function acting<T extends Owner>(user: T | null, missing: string): T {
  if (!user) throw notFound(missing);
  return user;
}
