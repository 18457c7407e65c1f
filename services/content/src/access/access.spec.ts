import { describe, expect, it } from '@jest/globals';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { access, granted, ownerOf, roleOf } from './access.js';

const dialect = new PgDialect();
const render = (clause: SQL) => dialect.sqlToQuery(clause);

describe('access', () => {
  it('lists nothing of anyone for an anonymous visitor', () => {
    for (const clause of [access.ownProjects(null), access.activities(null)]) {
      expect(render(clause).sql).toBe('false');
    }
  });

  it('refuses an anonymous visitor any document or project with a 404, before asking the database', async () => {
    const db = {} as never;
    await expect(access.document(db, null, 7, 'viewer')).rejects.toMatchObject({ status: 404, body: { message: 'Document not found' } });
    await expect(access.project(db, null, 7, 'viewer')).rejects.toMatchObject({ status: 404, body: { message: 'Project not found' } });
  });

  it('makes the owner the owner whatever the grants, and others the stronger of their grants', () => {
    expect(roleOf({ id: 1 }, 1, null, null)).toBe('owner');
    expect(roleOf({ id: 2 }, 1, 'viewer', 'editor')).toBe('editor');
    expect(roleOf({ id: 2 }, 1, 'commenter', null)).toBe('commenter');
    expect(roleOf({ id: 2 }, 1, null, 'viewer')).toBe('viewer');
    expect(roleOf({ id: 2 }, 1, null, null)).toBeNull();
  });

  it('answers no role with 404 and a too-weak role with 403 naming the role needed', () => {
    expect(() => granted({ id: 3 }, null, 'viewer', 'Document not found')).toThrow(
      expect.objectContaining({ status: 404, body: { code: 'NOT_FOUND', message: 'Document not found' } }),
    );
    expect(() => granted({ id: 3 }, 'viewer', 'editor', 'Document not found')).toThrow(
      expect.objectContaining({ status: 403, body: { code: 'FORBIDDEN', message: 'This needs the editor role or higher' } }),
    );
    expect(() => granted({ id: 3 }, 'editor', 'owner', 'Document not found')).toThrow(
      expect.objectContaining({ status: 403, body: { code: 'FORBIDDEN', message: 'Only the owner can do this' } }),
    );
    expect(granted({ id: 3 }, 'editor', 'commenter', 'Document not found')).toMatchObject({ id: 3, role: 'editor' });
  });

  it("reaches revisions only through a document's id", () => {
    const document = granted({ id: 9 }, 'owner', 'viewer', 'Document not found');
    expect(render(access.revision(document, 5))).toMatchObject({
      sql: '("document_revisions"."document_id" = $1 and "document_revisions"."id" = $2)',
      params: [9, 5],
    });
  });

  it('names the owner of a row it found', () => {
    expect(ownerOf(granted({ ownerId: 12 }, 'editor', 'viewer', 'Document not found'))).toEqual({ id: 12 });
  });
});
