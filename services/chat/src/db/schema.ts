import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const chatThreads = pgTable(
  'chat_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_threads_user_updated_idx').on(t.userId, t.updatedAt)],
);
