import { describe, expect, it } from '@jest/globals';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { access, found, ownerOf } from './access.js';

const dialect = new PgDialect();
const render = (clause: SQL) => {
  const { sql, params } = dialect.sqlToQuery(clause);
  return { sql, params };
};

describe('access', () => {
  it('denies every row to an anonymous visitor', () => {
    for (const clause of [access.documents(null), access.document(null, 7), access.projects(null), access.project(null, 7), access.activities(null)]) {
      // `false` alone, or `false and ...`: no row can match.
      expect(render(clause).sql).toMatch(/^\(?false( and |$)/);
    }
  });

  it('scopes a document to its owner and id', () => {
    const { sql, params } = render(access.document({ id: 42 }, 7));
    expect(sql).toBe('("documents"."owner_id" = $1 and "documents"."id" = $2)');
    expect(params).toEqual([42, 7]);
  });

  it("scopes a project's documents to the owner as well as the project", () => {
    const project = found({ id: 3 }, 'Project not found');
    const { sql, params } = render(access.projectDocuments({ id: 42 }, project));
    expect(sql).toBe('("documents"."owner_id" = $1 and "documents"."project_id" = $2)');
    expect(params).toEqual([42, 3]);
  });

  it('denies a project documents query to an anonymous visitor even for a known project', () => {
    expect(render(access.projectDocuments(null, found({ id: 3 }, 'Project not found'))).sql).toBe('(false and "documents"."project_id" = $1)');
  });

  it("reaches revisions only through a document's id", () => {
    const document = found({ id: 9 }, 'Document not found');
    expect(render(access.revision(document, 5))).toEqual({
      sql: '("document_revisions"."document_id" = $1 and "document_revisions"."id" = $2)',
      params: [9, 5],
    });
  });

  it('answers a missing row with 404 and the given message, never 403', () => {
    expect(() => found(undefined, 'Document not found')).toThrow(expect.objectContaining({ status: 404, body: { code: 'NOT_FOUND', message: 'Document not found' } }));
  });

  it('names the owner of a row it found', () => {
    expect(ownerOf(found({ ownerId: 12 }, 'Document not found'))).toEqual({ id: 12 });
  });
});
