import type { DocumentDto, DocumentSummary, Revision, RevisionAuthor, Role } from '@prd/proto';
import type { DocumentRow } from '../db/database.js';
import type { documentRevisions } from '../db/schema.js';

type RevisionRow = typeof documentRevisions.$inferSelect;

export function toDocumentSummary(row: Pick<DocumentRow, 'id' | 'title' | 'projectId' | 'workspaceId' | 'createdAt' | 'updatedAt'>): DocumentSummary {
  return {
    id: row.id,
    title: row.title,
    projectId: row.projectId,
    workspaceId: row.workspaceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDocumentDto(row: DocumentRow, role: Role): DocumentDto {
  return { ...toDocumentSummary(row), content: row.content, role, version: row.version };
}

export function toRevision(row: RevisionRow, author: RevisionAuthor | null): Revision {
  return {
    id: row.id,
    documentId: row.documentId,
    title: row.title,
    content: row.content,
    source: row.source,
    author,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
  };
}
