import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const chatThreads = pgTable(
  'chat_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    /** When auto-title last ran on this title; a rename clears it, so auto-title runs once per title. */
    autoTitledAt: timestamp('auto_titled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_threads_user_updated_idx').on(t.userId, t.updatedAt)],
);

/**
 * Every chat message. Its scope is a thread, a document, a project, or none (the shell panel's general
 * chat). `jobId` names the AI job that wrote it: one user and one assistant message per job (docs/decisions/0007-ai-jobs-on-bullmq.md).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    threadId: integer('thread_id').references(() => chatThreads.id, { onDelete: 'cascade' }),
    documentId: integer('document_id'),
    projectId: integer('project_id'),
    role: text('role', { enum: ['user', 'assistant', 'system'] }).notNull(),
    content: text('content').notNull(),
    provider: text('provider'),
    model: text('model'),
    jobId: text('job_id'),
    /** The client stopped this reply while it was written: the text is what came until then (docs/decisions/0014-streaming-replies.md). */
    stopped: boolean('stopped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A scope's latest messages (a reply's history, the last exchange) are the first rows of its own index, read backwards: with
  // `id` (the order's tie-break) in the key, a reply reads 20 rows however long the chat. One index per scope, partial, as
  // PostgreSQL orders an index's rows by a later column only after equalities (not `is null`) on the columns before it.
  (t) => [
    index('chat_messages_thread_idx')
      .on(t.threadId, t.createdAt, t.id)
      .where(sql`${t.threadId} is not null`),
    index('chat_messages_document_idx')
      .on(t.userId, t.documentId, t.createdAt, t.id)
      .where(sql`${t.documentId} is not null and ${t.projectId} is null and ${t.threadId} is null`),
    index('chat_messages_project_idx')
      .on(t.userId, t.projectId, t.createdAt, t.id)
      .where(sql`${t.projectId} is not null and ${t.documentId} is null and ${t.threadId} is null`),
    index('chat_messages_general_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.documentId} is null and ${t.projectId} is null and ${t.threadId} is null`),
    uniqueIndex('chat_messages_job_role_idx').on(t.jobId, t.role),
  ],
);

/** One guided document creation (docs/product.md §2 Document flow): the template's sections and the interview's position. */
export const documentFlows = pgTable('document_flows', {
  documentId: integer('document_id').primaryKey(),
  userId: integer('user_id').notNull(),
  templateId: integer('template_id').notNull(),
  templateName: text('template_name').notNull(),
  mode: text('mode', { enum: ['ai-assisted', 'start-new'] }).notNull(),
  /** The template's `## ` sections: heading and guidance. */
  sections: jsonb('sections').$type<{ heading: string; guidance: string }[]>().notNull(),
  /** Offline interview position: the section being asked, and whether a follow-up question is pending. */
  step: integer('step').notNull().default(0),
  followUp: boolean('follow_up').notNull().default(false),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The document chat's choice for AI edits per user and document (docs/decisions/0041-suggestions.md); no row: apply them. */
export const aiEditPreferences = pgTable(
  'ai_edit_preferences',
  {
    userId: integer('user_id').notNull(),
    documentId: integer('document_id').notNull(),
    mode: text('mode', { enum: ['apply', 'suggest'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] })],
);
