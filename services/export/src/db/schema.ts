import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per download: who exported which document in which format, for support and abuse review. */
export const exportEvents = pgTable(
  'export_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    documentId: integer('document_id').notNull(),
    format: text('format').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_events_user_idx').on(t.userId, t.createdAt)],
);
