import type { DocumentDto, ProjectContext, RevisionSource } from '../documents.js';
import type { Template } from '../templates.js';
import { internalCall, type InternalCallOptions } from './internal-call.js';

export const CONTENT_INTERNAL = {
  document: (id: number, userId: number) => `/internal/documents/${id}?userId=${userId}`,
  documentAccess: (id: number, userId: number) => `/internal/documents/${id}/access?userId=${userId}`,
  documentContent: (id: number) => `/internal/documents/${id}/content`,
  discardDocument: (id: number) => `/internal/documents/${id}/discard`,
  documents: '/internal/documents',
  projectContext: (id: number, userId: number) => `/internal/projects/${id}/context?userId=${userId}`,
  projectAccess: (id: number, userId: number) => `/internal/projects/${id}/access?userId=${userId}`,
  template: (id: number) => `/internal/templates/${id}`,
} as const;

/**
 * Typed client of content's internal routes (D3), used by chat and export. Every call names the
 * acting user; another user's document or project is an InternalCallError with status 404.
 */
export class ContentClient {
  constructor(private readonly options: InternalCallOptions) {}

  getDocument(id: number, userId: number): Promise<DocumentDto> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.document(id, userId));
  }

  /** Whether the user may use the document, without loading its content: resolves, or 404. */
  checkDocument(id: number, userId: number): Promise<{ id: number }> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.documentAccess(id, userId));
  }

  /** Whether the user may use the project, without loading its documents: resolves, or 404. */
  checkProject(id: number, userId: number): Promise<{ id: number }> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.projectAccess(id, userId));
  }

  /** Saves new content (and optionally a new title) as a revision from `source`. */
  saveDocumentContent(id: number, body: { userId: number; content: string; title?: string; source: Exclude<RevisionSource, 'restore'> }): Promise<DocumentDto> {
    return internalCall(this.options, 'PUT', CONTENT_INTERNAL.documentContent(id), body);
  }

  /** Creates a document for the user, consuming a document of their allowance (LIMIT_EXCEEDED when over). */
  createDocument(body: { userId: number; title: string; content: string; projectId?: number | null; source: Exclude<RevisionSource, 'restore'> }): Promise<DocumentDto> {
    return internalCall(this.options, 'POST', CONTENT_INTERNAL.documents, body);
  }

  /** Deletes a document whose creation was part of work that then failed, and gives its allowance back. */
  discardDocument(id: number, userId: number): Promise<null> {
    return internalCall(this.options, 'POST', CONTENT_INTERNAL.discardDocument(id), { userId });
  }

  getProjectContext(id: number, userId: number): Promise<ProjectContext> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.projectContext(id, userId));
  }

  getTemplate(id: number): Promise<Template> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.template(id));
  }
}
