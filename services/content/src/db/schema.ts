import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** proto's GRANTABLE_ROLES, spelled out so drizzle-kit can load this file on its own. */
const GRANTABLE_ROLES = ['viewer', 'commenter', 'editor'] as const;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's byte string; node-postgres reads and writes it as a Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Who wrote a version of a document's text, as stored (names are looked up when read): people who typed or saved it (`user`),
 * the user who asked the AI (`ai`), or a token's owner and its name (`token`). Spelled out here so drizzle-kit can load this file on its own.
 */
export interface StoredAuthor {
  kind: 'user' | 'ai' | 'token';
  userIds: number[];
  token: string | null;
  /** Text from an accepted suggestion (docs/decisions/0041-suggestions.md): who accepted it; absent otherwise. */
  acceptedBy?: number;
}

/** A team's space (docs/decisions/0037-workspaces.md): every member has `defaultRole` on its documents and projects. */
export const workspaces = pgTable('workspaces', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  defaultRole: text('default_role', { enum: GRANTABLE_ROLES }).notNull().default('editor'),
  createdBy: integer('created_by').notNull(),
  createdAt: createdAt(),
});

/** Who belongs to a workspace: admins act as owners of its items, members have its default role. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('workspace_members_user_idx').on(t.userId)],
);

/** A workspace's invite links: only the token's SHA-256 is kept, as for share links (docs/decisions/0030-share-link-hashes.md). */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('workspace_invites_workspace_idx').on(t.workspaceId)],
);

/**
 * The seeded template catalogue, keyed by slug so loading it again updates rows instead of adding them, and the templates
 * users save (docs/decisions/0038-custom-templates.md): no slug, an owner, and a workspace for a team's.
 */
export const templates = pgTable(
  'templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    icon: text('icon').notNull(),
    content: text('content').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Who saved it; null for the catalogue's. */
    ownerId: integer('owner_id'),
    // A team's templates go with the team.
    workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('templates_owner_idx').on(t.ownerId), index('templates_workspace_idx').on(t.workspaceId)],
);

/** Owner ids are identity's user ids; each service owns its own tables (docs/decisions/0001-postgresql-instead-of-mongodb.md), so there is no foreign key to users. */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('in-progress'),
    // A deleted workspace leaves its items with their owners, in their Personal spaces.
    workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_owner_updated_idx').on(t.ownerId, t.updatedAt.desc()), index('projects_workspace_idx').on(t.workspaceId, t.updatedAt.desc())],
);

/**
 * `documents` also has `search_vector`, a stored generated tsvector of the title and the first 250,000
 * characters (proto's SEARCH_INDEXED_CHARS) of title and content, under a GIN index
 * (drizzle/0006_documents_search.sql, docs/decisions/0015-programmatic-access.md). PostgreSQL keeps it
 * up to date on every write; it is left out of this table on purpose, so no query of ours ever loads
 * it. `search_documents` reaches it through `searchVector`.
 */
export const searchVector = sql`"documents"."search_vector"`;

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /**
     * The live document's Yjs state (docs/decisions/0022-co-editing-with-hocuspocus.md), kept in step with `content` by
     * every writer; null until the document is first opened in the editor or changed.
     */
    yjsState: bytea('yjs_state'),
    /** One more with every change of title or content: the `ETag` and `version` writers name (docs/decisions/0035-edits-merge.md). */
    version: integer('version').notNull().default(1),
    /** Who wrote the content as it is (docs/decisions/0018-revisions.md): what a revision of it records; null before authorship was kept. */
    contentAuthor: jsonb('content_author').$type<StoredAuthor>(),
    // A deleted project leaves its documents detached, never deleted.
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The workspace (docs/decisions/0037-workspaces.md), the same as its project's; null: its owner's Personal space. */
    workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_owner_updated_idx').on(t.ownerId, t.updatedAt.desc()),
    index('documents_project_idx').on(t.projectId),
    index('documents_workspace_idx').on(t.workspaceId, t.updatedAt.desc()),
  ],
);

/** The document as it was just before one change of its content, who made that change (`source`) and who wrote the text it keeps (`author`). */
export const documentRevisions = pgTable(
  'document_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    source: text('source', { enum: ['user', 'ai', 'flow', 'restore'] }).notNull(),
    /** Who wrote the text it keeps; null for revisions stored before authorship was kept. */
    author: jsonb('author').$type<StoredAuthor>(),
    /** A user's label ("v1.0 signed off"): named revisions are never thinned. */
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [index('document_revisions_document_idx').on(t.documentId, t.id.desc())],
);

/** The user's recent events; the ids may name a document or project deleted since. */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').notNull(),
    /** Who did it, when that is not the owner (a colleague working on a shared item); null for the owner. */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    type: text('type').notNull(),
    documentId: integer('document_id'),
    projectId: integer('project_id'),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activities_owner_idx').on(t.ownerId, t.id.desc())],
);

/** A registered user's role on someone else's document (docs/decisions/0012-sharing-and-roles.md); deleting the document deletes its grants. */
export const documentGrants = pgTable(
  'document_grants',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role', { enum: GRANTABLE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index('document_grants_user_idx').on(t.userId)],
);

/** A registered user's role on someone else's project: it covers every document in the project, now and later. */
export const projectGrants = pgTable(
  'project_grants',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role', { enum: GRANTABLE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_grants_user_idx').on(t.userId)],
);

/**
 * A document's read-only link (docs/decisions/0012-sharing-and-roles.md): one per document; revoking deletes it, creating again draws a new
 * token. Only the token's SHA-256 is kept (docs/decisions/0030-share-link-hashes.md): the token itself is shown once, when it is made.
 */
export const shareLinks = pgTable('share_links', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/** Comments on a document (docs/decisions/0012-sharing-and-roles.md): a thread's first comment has no parent and may quote the text it is about. */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull(),
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    anchor: jsonb('anchor').$type<{ exact: string; prefix: string; suffix: string }>(),
    resolved: boolean('resolved').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_document_idx').on(t.documentId, t.id), index('comments_parent_idx').on(t.parentId)],
);

/**
 * Proposed replacements of passages (docs/decisions/0041-suggestions.md). The author is stored as it was shown when made (its name
 * then); `pending` ones whose quote no longer locates are answered `outdated`, and stored so once an accept finds it out.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    quote: jsonb('quote').$type<{ exact: string; prefix: string; suffix: string }>().notNull(),
    replacement: text('replacement').notNull(),
    note: text('note'),
    authorKind: text('author_kind', { enum: ['ai', 'user', 'token'] }).notNull(),
    authorName: text('author_name').notNull(),
    /** The person, the token's owner, or who asked the AI. */
    authorId: integer('author_id').notNull(),
    /** The AI job that made it: a retried job finds its suggestions instead of storing them again. */
    requestKey: text('request_key'),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'outdated'] })
      .notNull()
      .default('pending'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('suggestions_document_idx').on(t.documentId, t.id.desc()), index('suggestions_request_key_idx').on(t.requestKey)],
);
