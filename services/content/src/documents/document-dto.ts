import type { DocumentDto, DocumentSummary, Revision, Role } from '@prd/proto';
import type { DocumentRow } from '../db/database.js';
import type { documentRevisions } from '../db/schema.js';

type RevisionRow = typeof documentRevisions.$inferSelect;

export function toDocumentSummary(row: Pick<DocumentRow, 'id' | 'title' | 'projectId' | 'createdAt' | 'updatedAt'>): DocumentSummary {
  return { id: row.id, title: row.title, projectId: row.projectId, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function toDocumentDto(row: DocumentRow, role: Role): DocumentDto {
  return { ...toDocumentSummary(row), content: row.content, role };
}

export function toRevision(row: RevisionRow): Revision {
  return {
    id: row.id,
    documentId: row.documentId,
    title: row.title,
    content: row.content,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}
