import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The seeded template catalogue, keyed by slug so loading it again updates rows instead of adding them. */
export const templates = pgTable('templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  icon: text('icon').notNull(),
  content: text('content').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
});

/** Owner ids are identity's user ids; each service owns its own tables (D1), so there is no foreign key to users. */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('in-progress'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_owner_updated_idx').on(t.ownerId, t.updatedAt.desc())],
);

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    // A deleted project leaves its documents detached, never deleted.
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_owner_updated_idx').on(t.ownerId, t.updatedAt.desc()),
    index('documents_project_idx').on(t.projectId),
  ],
);

/** The document as it was just before one change of its content, and who made that change. */
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
    type: text('type').notNull(),
    documentId: integer('document_id'),
    projectId: integer('project_id'),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activities_owner_idx').on(t.ownerId, t.id.desc())],
);
