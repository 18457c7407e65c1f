import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { notFound } from '@prd/kit';
import { activities, documentRevisions, documents, projects } from '../db/schema.js';

/**
 * Whom a query acts for: the session's user on public routes, the user an internal caller names on
 * internal ones. `null` (an anonymous visitor) owns nothing.
 */
export interface Owner {
  readonly id: number;
}

declare const accessChecked: unique symbol;
/** A row loaded through this module, so known to belong to the owner; only `found` makes one. */
export type Owned<T> = T & { readonly [accessChecked]: true };

/** Matches no row: what every rule gives when there is no owner (default deny). */
const DENY: SQL = sql`false`;

function ownedBy(column: PgColumn, owner: Owner | null): SQL {
  return owner ? eq(column, owner.id) : DENY;
}

function both(a: SQL, b: SQL): SQL {
  return and(a, b) ?? DENY;
}

/**
 * The one place that decides which rows a user may reach (D9). Every owner-scoped query takes its
 * `where` from here; a row that does not match is, to the caller, a row that does not exist.
 */
export const access = {
  documents: (owner: Owner | null): SQL => ownedBy(documents.ownerId, owner),
  document: (owner: Owner | null, id: number): SQL => both(ownedBy(documents.ownerId, owner), eq(documents.id, id)),
  /** The owner's documents in one of the owner's projects. */
  projectDocuments: (owner: Owner | null, project: Owned<{ id: number }>): SQL =>
    both(ownedBy(documents.ownerId, owner), eq(documents.projectId, project.id)),
  /** Revisions of a document already loaded through `access.document`. */
  revisions: (document: Owned<{ id: number }>): SQL => eq(documentRevisions.documentId, document.id),
  revision: (document: Owned<{ id: number }>, id: number): SQL =>
    both(eq(documentRevisions.documentId, document.id), eq(documentRevisions.id, id)),
  projects: (owner: Owner | null): SQL => ownedBy(projects.ownerId, owner),
  project: (owner: Owner | null, id: number): SQL => both(ownedBy(projects.ownerId, owner), eq(projects.id, id)),
  activities: (owner: Owner | null): SQL => ownedBy(activities.ownerId, owner),
};

/** The row a query scoped by `access` found, or a 404 with `message` (never a 403: nothing leaks). */
export function found<T>(row: T | undefined, message: string): Owned<T> {
  if (row === undefined) throw notFound(message);
  return row as Owned<T>;
}

/** The owner of a row loaded through `access`: the acting user who may change it. */
export function ownerOf(row: Owned<{ ownerId: number }>): Owner {
  return { id: row.ownerId };
}
