import type { AccountErasureAnswer } from '../account.js';
import type { DocumentDto, ProjectContext, RevisionSource, SavedDocument } from '../documents.js';
import type { Role } from '../sharing.js';
import type { InternalCreateSuggestions, Suggestion } from '../suggestions.js';
import type { Template } from '../templates.js';
import { internalCall, type InternalCallOptions } from './internal-call.js';

export const CONTENT_INTERNAL = {
  document: (id: number, userId: number, role: Role = 'viewer') => `/internal/documents/${id}?userId=${userId}&role=${role}`,
  documentAccess: (id: number, userId: number, role: Role = 'viewer') => `/internal/documents/${id}/access?userId=${userId}&role=${role}`,
  documentContent: (id: number) => `/internal/documents/${id}/content`,
  documentSuggestions: (id: number) => `/internal/documents/${id}/suggestions`,
  discardDocument: (id: number) => `/internal/documents/${id}/discard`,
  documents: '/internal/documents',
  projectContext: (id: number, userId: number, role: Role = 'viewer') => `/internal/projects/${id}/context?userId=${userId}&role=${role}`,
  projectAccess: (id: number, userId: number, role: Role = 'viewer') => `/internal/projects/${id}/access?userId=${userId}&role=${role}`,
  template: (id: number, userId: number) => `/internal/templates/${id}?userId=${userId}`,
  eraseUser: (id: number) => `/internal/users/${id}/erase`,
  workspaceMembers: (id: number) => `/internal/workspaces/${id}/members`,
} as const;

/**
 * Typed client of content's internal routes (docs/decisions/0003-internal-calls.md), used by chat and export: content's access helper
 * decides for them (docs/decisions/0012-sharing-and-roles.md). Every call names the acting user and the role its work needs; without
 * any grant the answer is an InternalCallError 404, with a weaker role a 403 naming the role needed.
 */
export class ContentClient {
  constructor(private readonly options: InternalCallOptions) {}

  getDocument(id: number, userId: number, role: Role = 'viewer'): Promise<DocumentDto> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.document(id, userId, role));
  }

  /** Whether the user has at least `role` on the document, without loading its content: resolves, or 404 (no access) / 403 (role too weak). */
  checkDocument(id: number, userId: number, role: Role = 'viewer'): Promise<{ id: number }> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.documentAccess(id, userId, role));
  }

  /** Whether the user has at least `role` on the project, without loading its documents: resolves, or 404 / 403. */
  checkProject(id: number, userId: number, role: Role = 'viewer'): Promise<{ id: number }> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.projectAccess(id, userId, role));
  }

  /**
   * Saves new content (and optionally a new title) as a revision from `source`; the user needs the editor role. With `base`, the text the
   * edit was computed from, only the change from it is merged onto the document as it is now; `unapplied` lists what people had changed too.
   */
  saveDocumentContent(id: number, body: { userId: number; content: string; base?: string; title?: string; source: Exclude<RevisionSource, 'restore'> }): Promise<SavedDocument> {
    return internalCall(this.options, 'PUT', CONTENT_INTERNAL.documentContent(id), body);
  }

  /**
   * Stores the AI's suggestions on the document for the user who asked (commenter and up), announced to its open editors; a retried
   * job (the same `requestKey`) gets the ones it stored before.
   */
  createSuggestions(id: number, body: InternalCreateSuggestions): Promise<{ suggestions: Suggestion[] }> {
    return internalCall(this.options, 'POST', CONTENT_INTERNAL.documentSuggestions(id), body);
  }

  /** Creates a document for the user, consuming a document of their allowance (LIMIT_EXCEEDED when over). */
  createDocument(body: {
    userId: number;
    title: string;
    content: string;
    projectId?: number | null;
    workspaceId?: number | null;
    source: Exclude<RevisionSource, 'restore'>;
  }): Promise<DocumentDto> {
    return internalCall(this.options, 'POST', CONTENT_INTERNAL.documents, body);
  }

  /** Deletes a document whose creation was part of work that then failed, and gives its allowance back. */
  discardDocument(id: number, userId: number): Promise<null> {
    return internalCall(this.options, 'POST', CONTENT_INTERNAL.discardDocument(id), { userId });
  }

  getProjectContext(id: number, userId: number, role: Role = 'viewer'): Promise<ProjectContext> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.projectContext(id, userId, role));
  }

  /** Identity's call when an account is deleted: the grants it gave and received, its share links; its comments re-signed. */
  eraseUser(id: number): Promise<AccountErasureAnswer> {
    return internalCall(this.options, 'POST', CONTENT_INTERNAL.eraseUser(id));
  }

  /** Adds the user to the workspace as a member (identity's single sign-on, OIDC_WORKSPACE); 404 when the workspace is gone. */
  addWorkspaceMember(workspaceId: number, userId: number): Promise<unknown> {
    return internalCall(this.options, 'POST', CONTENT_INTERNAL.workspaceMembers(workspaceId), { userId });
  }

  /** A template the user may use: a built-in one, their own, or one of their workspaces' (404 otherwise). */
  getTemplate(id: number, userId: number): Promise<Template> {
    return internalCall(this.options, 'GET', CONTENT_INTERNAL.template(id, userId));
  }
}
