import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../../lib/paths.ts';

/** Ids a route's path parameters are filled with when a case is not about the id itself. */
export interface Ids {
  document: number;
  project: number;
  revision: number;
  thread: number;
  /** A template the acting user may use (one of their own where the case is about access). */
  template: number;
  /** The acting user's own id (a share of nobody, so the share routes answer 404 or 403). */
  user: number;
  /** A share link's token (a revoked or made-up one where the case is not about reading it). */
  shareToken: string;
  /** A comment thread on the document. */
  comment: number;
  /** A workspace the acting user administers (docs/decisions/0037-workspaces.md). */
  workspace: number;
  /** Two pending suggestions on the document (docs/decisions/0041-suggestions.md): one to accept, one to reject. */
  suggestions: { accept: number; reject: number };
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with `:param` placeholders, as in the controllers. */
  path: string;
  /** A valid body, for the routes that take one; the generated cases break it field by field. */
  body?: Record<string, unknown>;
  /** Query parameters the route reads. */
  query?: string[];
  /** Changes the account itself (log-out, delete, keys): every case runs as a fresh user. */
  ownVisitor?: boolean;
  /** Behind nginx's log-in rate limit: the cases go straight to the identity service. */
  authLimited?: boolean;
}

/** Every public route of the four services (checked against their controllers below). */
export const ROUTES: Route[] = [
  { method: 'GET', path: '/api/current-user' },
  { method: 'GET', path: '/api/demo-account' },
  {
    method: 'POST',
    path: '/api/register',
    body: { username: 'hostile-user', email: 'hostile@example.com', password: 'a-good-password', name: 'Hostile' },
    authLimited: true,
    ownVisitor: true,
  },
  { method: 'POST', path: '/api/login', body: { username: 'nobody-at-all', password: 'wrong-password' }, authLimited: true },
  { method: 'GET', path: '/api/logout', ownVisitor: true },
  { method: 'POST', path: '/api/logout', ownVisitor: true },
  { method: 'GET', path: '/api/login/email', query: ['callbackUrl'] },
  // docs/decisions/0036-single-sign-on-openid-connect.md: every failure is a redirect to /auth?sso_error=<code> (these stacks have sign-on off;
  // services/identity/test/sso.int-spec.ts runs the flow against a real provider).
  { method: 'GET', path: '/api/auth/oidc' },
  { method: 'GET', path: '/api/auth/oidc/start', query: ['callbackUrl'] },
  { method: 'GET', path: '/api/auth/oidc/callback', query: ['code', 'state', 'iss', 'error', 'error_description'] },
  { method: 'GET', path: '/api/auth/oidc/link' },
  { method: 'POST', path: '/api/auth/oidc/link', body: { password: 'wrong-password' }, authLimited: true },
  { method: 'POST', path: '/api/feedback', body: { content: 'Great tool', rating: 3 } },
  { method: 'GET', path: '/api/usage' },
  { method: 'DELETE', path: '/api/account', ownVisitor: true },
  { method: 'GET', path: '/api/settings' },
  { method: 'POST', path: '/api/settings/api-key', body: { apiKey: 'sk-test-hostile-input-0000000000' }, ownVisitor: true },
  { method: 'DELETE', path: '/api/settings/api-key', ownVisitor: true },
  { method: 'GET', path: '/api/templates' },
  { method: 'GET', path: '/api/templates/:id' },
  { method: 'POST', path: '/api/templates', body: { name: 'A template', description: 'About it', category: 'Custom', content: '## Goals\n_What_' } },
  { method: 'PATCH', path: '/api/templates/:id', body: { name: 'Renamed template' } },
  { method: 'DELETE', path: '/api/templates/:id' },
  { method: 'GET', path: '/api/activities' },
  { method: 'GET', path: '/api/documents', query: ['scope', 'workspace'] },
  { method: 'POST', path: '/api/documents', body: { title: 'A title', content: '## Problem\nText', projectId: null } },
  // A multipart form (docs/decisions/0034-document-import.md): the JSON cases reach it as 415s; its form's own refusals are in services/content/test/import.int-spec.ts.
  { method: 'POST', path: '/api/documents/import' },
  { method: 'GET', path: '/api/documents/:id', query: ['t'] },
  { method: 'PATCH', path: '/api/documents/:id', body: { content: '## Edited\nText' } },
  { method: 'DELETE', path: '/api/documents/:id' },
  { method: 'GET', path: '/api/documents/:id/revisions' },
  { method: 'GET', path: '/api/documents/:id/revisions/compare', query: ['from', 'to'] },
  { method: 'PUT', path: '/api/documents/:id/revisions/:revisionId/name', body: { name: 'v1.0 signed off' } },
  { method: 'DELETE', path: '/api/documents/:id/revisions/:revisionId/name' },
  { method: 'POST', path: '/api/documents/:id/revisions/:revisionId/restore' },
  { method: 'GET', path: '/api/documents/:id/export/:format' },
  { method: 'GET', path: '/api/documents/:id/export/pdf', query: ['size'] },
  { method: 'GET', path: '/api/documents/:id/shares' },
  { method: 'POST', path: '/api/documents/:id/shares', body: { login: 'nobody-at-all', role: 'viewer' } },
  { method: 'PATCH', path: '/api/documents/:id/shares/:userId', body: { role: 'editor' } },
  { method: 'DELETE', path: '/api/documents/:id/shares/:userId' },
  { method: 'GET', path: '/api/documents/:id/share-link' },
  { method: 'POST', path: '/api/documents/:id/share-link' },
  { method: 'DELETE', path: '/api/documents/:id/share-link' },
  { method: 'GET', path: '/api/share/:token' },
  { method: 'GET', path: '/api/documents/:id/comments' },
  { method: 'GET', path: '/api/documents/:id/people' },
  { method: 'POST', path: '/api/documents/:id/comments', body: { content: 'Is this measurable?', anchor: { exact: 'Text', prefix: '', suffix: '' } } },
  { method: 'POST', path: '/api/comments/:id/replies', body: { content: 'A reply' } },
  { method: 'PATCH', path: '/api/comments/:id', body: { content: 'Edited comment' } },
  { method: 'DELETE', path: '/api/comments/:id' },
  { method: 'GET', path: '/api/documents/:id/suggestions', query: ['status'] },
  { method: 'POST', path: '/api/documents/:id/suggestions', body: { instruction: 'Shorten' } },
  { method: 'POST', path: '/api/documents/:id/suggestions/proposals', body: { suggestions: [{ quote: { exact: 'Text' }, replacement: 'More text' }] } },
  { method: 'POST', path: '/api/documents/:id/suggestions/:suggestionId/accept' },
  { method: 'POST', path: '/api/documents/:id/suggestions/:suggestionId/reject' },
  { method: 'GET', path: '/api/tokens' },
  { method: 'POST', path: '/api/tokens', body: { name: 'A script', scope: 'read' } },
  { method: 'DELETE', path: '/api/tokens/:id' },
  { method: 'GET', path: '/api/notifications', query: ['before'] },
  { method: 'POST', path: '/api/notifications/read', body: { all: true } },
  { method: 'GET', path: '/api/projects', query: ['scope', 'workspace'] },
  { method: 'POST', path: '/api/projects', body: { name: 'A project', description: 'About it' } },
  { method: 'GET', path: '/api/projects/:id' },
  { method: 'PATCH', path: '/api/projects/:id', body: { name: 'Renamed', status: 'completed' } },
  { method: 'DELETE', path: '/api/projects/:id' },
  { method: 'GET', path: '/api/projects/:id/documents' },
  { method: 'GET', path: '/api/projects/:id/shares' },
  { method: 'POST', path: '/api/projects/:id/shares', body: { login: 'nobody-at-all', role: 'viewer' } },
  { method: 'PATCH', path: '/api/projects/:id/shares/:userId', body: { role: 'editor' } },
  { method: 'DELETE', path: '/api/projects/:id/shares/:userId' },
  { method: 'POST', path: '/api/chat', body: { content: 'Hello there', mode: 'general' } },
  { method: 'GET', path: '/api/workspaces' },
  { method: 'POST', path: '/api/workspaces', body: { name: 'A team' } },
  { method: 'GET', path: '/api/workspaces/:id' },
  { method: 'PATCH', path: '/api/workspaces/:id', body: { name: 'Renamed team', defaultRole: 'editor' } },
  { method: 'DELETE', path: '/api/workspaces/:id' },
  { method: 'GET', path: '/api/workspaces/:id/members' },
  { method: 'POST', path: '/api/workspaces/:id/members', body: { login: 'nobody-at-all', role: 'member' } },
  { method: 'PATCH', path: '/api/workspaces/:id/members/:userId', body: { role: 'admin' } },
  { method: 'DELETE', path: '/api/workspaces/:id/members/:userId' },
  { method: 'POST', path: '/api/workspaces/:id/invites' },
  { method: 'DELETE', path: '/api/workspaces/:id/invites/:token' },
  { method: 'GET', path: '/api/invites/:token' },
  { method: 'POST', path: '/api/invites/:token/accept' },
  { method: 'GET', path: '/api/chat', query: ['documentId', 'projectId'] },
  { method: 'GET', path: '/api/chat/:documentId' },
  { method: 'GET', path: '/api/chat/:documentId/ai-edits' },
  { method: 'PUT', path: '/api/chat/:documentId/ai-edits', body: { mode: 'apply' } },
  { method: 'GET', path: '/api/chat/threads' },
  { method: 'POST', path: '/api/chat/threads', body: { title: 'A thread' } },
  { method: 'GET', path: '/api/chat/threads/:id' },
  { method: 'PUT', path: '/api/chat/threads/:id', body: { title: 'Renamed thread' } },
  { method: 'DELETE', path: '/api/chat/threads/:id' },
  { method: 'POST', path: '/api/chat/threads/:id/auto-title' },
  { method: 'POST', path: '/api/chat/regenerate', body: { threadId: 1 } },
  { method: 'POST', path: '/api/document-flow/start', body: { templateId: 1, title: 'Checkout redesign', mode: 'ai-assisted' } },
  { method: 'POST', path: '/api/document-flow/message', body: { documentId: 1, content: 'Shoppers abandon carts' } },
  { method: 'GET', path: '/api/realtime/session-token', query: ['documentId'] },
  { method: 'GET', path: '/api/realtime/voice' },
];

const HTTP_DECORATOR = /@(Get|Post|Put|Patch|Delete)\(\s*(?:'([^']*)')?\s*\)/g;
const CONTROLLER = /@Controller\(\s*(?:'([^']*)')?\s*\)([\s\S]*?)(?=@Controller\(|$)/g;

function controllerFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return controllerFiles(full);
    return name.endsWith('.controller.ts') ? [full] : [];
  });
}

const normalise = (p: string) => p.replace(/:[A-Za-z]+/g, ':param').replace(/\/+$/, '');

/** `METHOD /path` of every public route the services' controllers declare (internal, health and metrics left out). */
export function declaredRoutes(): string[] {
  const found: string[] = [];
  for (const service of ['identity', 'content', 'chat', 'export']) {
    for (const file of controllerFiles(fromRoot('services', service, 'src'))) {
      for (const [, prefix = '', body] of readFileSync(file, 'utf8').matchAll(CONTROLLER)) {
        if (!prefix.startsWith('api')) continue;
        for (const [, method, sub = ''] of body!.matchAll(HTTP_DECORATOR)) {
          found.push(`${method!.toUpperCase()} ${normalise(`/${prefix}${sub ? `/${sub}` : ''}`)}`);
        }
      }
    }
  }
  return [...new Set(found)].sort();
}

export const tableRoutes = () => [...new Set(ROUTES.map((r) => `${r.method} ${normalise(r.path)}`))].sort();

/** The path with its parameters filled from `values` (by name) or the user's own resources. */
export function fillPath(route: Route, ids: Ids, values: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (values[name] !== undefined) return values[name];
    if (name === 'format') return 'markdown';
    if (name === 'revisionId') return String(ids.revision);
    if (name === 'documentId') return String(ids.document);
    if (name === 'userId') return String(ids.user);
    if (name === 'suggestionId') return String(route.path.endsWith('/reject') ? ids.suggestions.reject : ids.suggestions.accept);
    if (name === 'token') return ids.shareToken;
    if (route.path.startsWith('/api/projects')) return String(ids.project);
    if (route.path.startsWith('/api/workspaces')) return String(ids.workspace);
    if (route.path.startsWith('/api/templates')) return String(ids.template);
    if (route.path.startsWith('/api/chat/threads')) return String(ids.thread);
    if (route.path.startsWith('/api/comments')) return String(ids.comment);
    return String(ids.document);
  });
}

const escape = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * Spellings of a filled `/api/...` path that decode (or case-fold) to it: an escaped letter in the
 * prefix or in the next segment, an upper- or mixed-case prefix, a doubled slash. None may reach a
 * handler in a way the plain path would not (issue: `POST /%61pi/feedback` skipped the Origin check).
 */
export function disguisedPaths(filled: string): Array<{ name: string; path: string }> {
  const rest = filled.slice('/api/'.length);
  return [
    { name: 'escaped prefix', path: `/${escape('a')}pi/${rest}` },
    { name: 'fully escaped prefix', path: `/${[...'api'].map(escape).join('')}/${rest}` },
    { name: 'upper-case escape', path: `/%41PI/${rest}` },
    { name: 'upper-case prefix', path: `/API/${rest}` },
    { name: 'mixed-case prefix', path: `/aPi/${rest}` },
    { name: 'escaped segment', path: `/api/${escape(rest[0]!)}${rest.slice(1)}` },
    { name: 'mixed-case segment', path: `/api/${rest[0]!.toUpperCase()}${rest.slice(1)}` },
    { name: 'doubled slash', path: `//api/${rest}` },
  ];
}
