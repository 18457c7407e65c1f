import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username'),
    email: text('email'),
    name: text('name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    /** Set only on the account the demo feature created itself (docs/decisions/0009-security.md): the only one it ever manages. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** The custom OpenAI key, AES-256-GCM encrypted (docs/decisions/0009-security.md); null when none is stored. */
    openaiKeyEncrypted: text('openai_key_encrypted'),
    /** When the provider first accepted the stored key; null until then (the key gives no own-key tier before). */
    openaiKeyVerifiedAt: timestamp('openai_key_verified_at', { withTimezone: true }),
    /** Set when the account was anonymised (delete); such a user no longer exists. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`), uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** One counter per usage account, calendar month (UTC, 'YYYY-MM') and kind ('docs' or 'messages'). */
export const usageCounters = pgTable(
  'usage_counters',
  {
    accountId: integer('account_id').notNull(),
    month: text('month').notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month, t.kind] })],
);

export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    content: text('content').notNull(),
    rating: smallint('rating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_user_idx').on(t.userId)],
);

/** What a user is told about others' work on shared items (docs/decisions/0012-sharing-and-roles.md); read once `readAt` is set. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    actorName: text('actor_name').notNull(),
    title: text('title').notNull(),
    documentId: integer('document_id'),
    projectId: integer('project_id'),
    commentId: integer('comment_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id.desc())],
);

/**
 * Personal access tokens (docs/decisions/0015-programmatic-access.md). Only the SHA-256 of the secret
 * is stored (docs/decisions/0023-token-hashing.md); a revoked token's row is deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'read-write'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The secret's first characters, shown in Settings so a user can tell tokens apart. */
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token (TOKEN_LAST_USED_EVERY_MS), not on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId, t.id.desc())],
);

/**
 * Single sign-on identities (docs/decisions/0036-single-sign-on-openid-connect.md): the provider's subject, which
 * OpenID Connect makes unique and stable only within its issuer, names one user. A user may have several.
 */
export const oidcLinks = pgTable(
  'oidc_links',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('oidc_links_user_idx').on(t.userId)],
);
