import { z } from 'zod';
import { accountDeleteAnswerSchema } from './account.js';
import { activitySchema } from './activities.js';
import { demoAccountSchema, loginSchema, registerSchema, SIGN_UP_PATH } from './auth.js';
import {
  autoTitleAnswerSchema,
  chatDocumentParamsSchema,
  chatMessageSchema,
  chatReplySchema,
  chatScopeQuerySchema,
  createThreadSchema,
  postChatSchema,
  regenerateChatSchema,
  realtimeSessionTokenQuerySchema,
  realtimeSessionTokenSchema,
  realtimeVoiceSchema,
  threadDetailSchema,
  threadParamsSchema,
  updateThreadSchema,
} from './chat.js';
import { documentFlowMessageAnswerSchema, documentFlowMessageSchema, documentFlowStartAnswerSchema, documentFlowStartSchema } from './document-flow.js';
import { commentParamsSchema, commentSchema, commentThreadSchema, createCommentSchema, createReplySchema, personWithAccessSchema, updateCommentSchema } from './comments.js';
import {
  compareQuerySchema,
  comparisonSchema,
  createDocumentSchema,
  documentParamsSchema,
  documentSchema,
  documentSummarySchema,
  revisionNameSchema,
  revisionParamsSchema,
  revisionSchema,
  sharedDocumentSummarySchema,
  updateDocumentSchema,
} from './documents.js';
import { usageSchema } from './errors.js';
import { IMPORT_PATH, importAnswerSchema, importFormSchema } from './imports.js';
import { exportParamsSchema, pdfExportQuerySchema } from './exports.js';
import { feedbackAnswerSchema, feedbackSchema } from './feedback.js';
import { markNotificationsReadSchema, notificationsPageSchema, notificationsQuerySchema } from './notifications.js';
import { createProjectSchema, projectDocumentsQuerySchema, projectParamsSchema, projectSchema, sharedProjectSchema, updateProjectSchema } from './projects.js';
import { apiKeySchema, settingsSchema } from './settings.js';
import { SSO_LINK_PAGE, SSO_PATHS, ssoCallbackQuerySchema, ssoConfigSchema, ssoLinkSchema, ssoPendingLinkSchema, ssoStartQuerySchema } from './sso.js';
import {
  createShareSchema,
  listScopeQuerySchema,
  sharedDocumentSchema,
  shareLinkSchema,
  shareLinkStateSchema,
  shareParamsSchema,
  shareSchema,
  shareTokenParamsSchema,
  updateShareSchema,
} from './sharing.js';
import {
  aiEditPreferenceSchema,
  askSuggestionAnswerSchema,
  askSuggestionSchema,
  proposedSuggestionsAnswerSchema,
  proposeSuggestionsSchema,
  suggestionAnswerSchema,
  suggestionListSchema,
  suggestionParamsSchema,
  suggestionsQuerySchema,
  SUGGESTION_PROPOSALS_PER_MINUTE,
  SUGGESTIONS_PER_EDIT_MAX,
} from './suggestions.js';
import { createTemplateSchema, templateParamsSchema, templateSchema, updateTemplateSchema } from './templates.js';
import { createdTokenSchema, createTokenSchema, tokenParamsSchema, tokenSchema } from './tokens.js';
import { chatThreadSchema } from './threads.js';
import {
  addWorkspaceMemberSchema,
  createWorkspaceSchema,
  invitePreviewSchema,
  inviteTokenParamsSchema,
  updateWorkspaceMemberSchema,
  updateWorkspaceSchema,
  workspaceInviteSchema,
  workspaceInviteTokenParamsSchema,
  workspaceMemberParamsSchema,
  workspaceMemberSchema,
  workspaceParamsSchema,
  workspaceSchema,
} from './workspaces.js';
import { currentUserSchema } from './users.js';

/**
 * The registry of every public HTTP route (docs/decisions/0004-contracts-in-proto.md): the OpenAPI document is generated from it, and each
 * service's tests compare it with the routes the service really serves and the schemas they validate
 * with (services/kit/src/testing/route-registry.ts). A new public route needs an entry here.
 */
export type ServiceName = 'identity' | 'content' | 'chat' | 'export';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a route reads from the request, each validated by the schema given here. */
export interface RouteInput {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

export interface RouteAnswer {
  status: 200 | 201 | 204 | 302;
  description: string;
  /** A JSON answer's schema. */
  schema?: z.ZodType;
  /** A file answer's content types, instead of `schema`. */
  files?: string[];
  /** A redirect's target. */
  location?: string;
  /** Response headers worth documenting, with what they hold. */
  headers?: Record<string, string>;
}

export interface PublicRoute extends RouteInput {
  service: ServiceName;
  method: HttpMethod;
  /** As the controllers write it: `/api/documents/:id`. */
  path: string;
  summary: string;
  description?: string;
  answer: RouteAnswer;
  /** Error statuses besides the 500/503 that any route may answer; each with the error body. */
  errors: number[];
  /** A `multipart/form-data` body, as the OpenAPI document shows it (read and checked by the handler, named in `checkedBy`). */
  multipart?: z.ZodType;
  /** Optional request headers the route reads, with what they do. */
  requestHeaders?: Record<string, string>;
  /** Inputs validated outside a ZodPipe (a guard, the handler itself), named with who does it. */
  checkedBy?: { slot: keyof RouteInput; by: string };
  /** Only with the session cookie: a bearer token gets 403 (tokens, the account, its key). */
  sessionOnly?: true;
}

const ok = (description: string, schema: z.ZodType): RouteAnswer => ({ status: 200, description, schema });
const created = (description: string, schema: z.ZodType): RouteAnswer => ({ status: 201, description, schema });
const deletedId = z.object({ id: z.number().int().positive() });
const noContent = (description: string): RouteAnswer => ({ status: 204, description });

/** The four share routes (docs/decisions/0012-sharing-and-roles.md) of a document or a project. */
function shareRoutes(kind: 'documents' | 'projects', params: z.ZodType, listErrors: number[]): PublicRoute[] {
  const item = kind === 'documents' ? 'document' : 'project';
  return [
    {
      service: 'content',
      method: 'get',
      path: `/api/${kind}/:id/shares`,
      summary: `Who has access to a ${item} and with which role`,
      params,
      answer: ok('The shares', z.array(shareSchema)),
      errors: listErrors,
    },
    {
      service: 'content',
      method: 'post',
      path: `/api/${kind}/:id/shares`,
      summary: `Share a ${item} with a registered user (its owner only; rate-limited per user)`,
      params,
      body: createShareSchema,
      answer: created('The share', shareSchema),
      errors: [400, 401, 403, 404, 409, 429],
    },
    {
      service: 'content',
      method: 'patch',
      path: `/api/${kind}/:id/shares/:userId`,
      summary: `Change a user's role on a ${item} (its owner only)`,
      params: shareParamsSchema,
      body: updateShareSchema,
      answer: ok('The share', shareSchema),
      errors: [400, 401, 403, 404],
    },
    {
      service: 'content',
      method: 'delete',
      path: `/api/${kind}/:id/shares/:userId`,
      summary: `Remove a user's access to a ${item} (its owner only)`,
      params: shareParamsSchema,
      answer: noContent("Removed; the user's open realtime sessions on it are closed"),
      errors: [400, 401, 403, 404],
    },
  ];
}

/** `GET /api/login/email`'s query: read by the handler, which keeps only a same-site path. */
export const loginEmailQuerySchema = z.object({ callbackUrl: z.string().optional() });

export const PUBLIC_ROUTES: PublicRoute[] = [
  // identity: who the visitor is, sessions, settings, usage, account, feedback
  {
    service: 'identity',
    method: 'get',
    path: '/api/current-user',
    summary: 'The current user, or an anonymous marker',
    answer: ok('The user or `{ isAuthenticated: false, isAnonymous: true }`', currentUserSchema),
    errors: [],
  },
  {
    service: 'identity',
    method: 'get',
    path: '/api/demo-account',
    summary: 'The quick-login test account, when enabled',
    answer: ok('Its credentials', demoAccountSchema),
    errors: [404],
  },
  {
    service: 'identity',
    method: 'post',
    path: '/api/register',
    summary: 'Sign up; a guest is upgraded in place and keeps their work',
    body: registerSchema,
    answer: created('The new user, logged in', currentUserSchema),
    errors: [400, 409, 429],
  },
  {
    service: 'identity',
    method: 'post',
    path: '/api/login',
    summary: 'Log in with a username or email and a password',
    body: loginSchema,
    checkedBy: { slot: 'body', by: 'LoginGuard' },
    answer: ok('The user, logged in (a new session id)', currentUserSchema),
    errors: [400, 401, 429],
  },
  {
    service: 'identity',
    method: 'get',
    path: '/api/logout',
    summary: 'Log out and go home (the Log out link)',
    description:
      'Ends the session only when the browser navigates here from the product itself (`Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`, ' +
      '`Sec-Fetch-Site: same-origin` or `none`): an image, a script or a link from another site goes home still logged in. Scripts use POST.',
    answer: { status: 302, description: 'Home; the session is ended when the request was such a navigation', location: '/' },
    errors: [],
  },
  {
    service: 'identity',
    method: 'post',
    path: '/api/logout',
    summary: 'Log out',
    answer: noContent('The session is ended'),
    errors: [403],
  },
  {
    service: 'identity',
    method: 'get',
    path: '/api/login/email',
    summary: 'Open the email sign-up form',
    query: loginEmailQuerySchema,
    checkedBy: { slot: 'query', by: 'the handler (safeCallbackUrl)' },
    answer: { status: 302, description: 'To the sign-up form, with a same-site callbackUrl kept', location: SIGN_UP_PATH },
    errors: [],
  },
  // docs/decisions/0036-single-sign-on-openid-connect.md: every failure of the sign-on redirects to `/auth?sso_error=<code>`.
  {
    service: 'identity',
    method: 'get',
    path: SSO_PATHS.config,
    summary: 'Whether single sign-on is configured, and its button label',
    answer: ok('The label of "Continue with …", null when sign-on is off', ssoConfigSchema),
    errors: [],
  },
  {
    service: 'identity',
    method: 'get',
    path: SSO_PATHS.start,
    summary: 'Start single sign-on (OpenID Connect code flow with PKCE)',
    query: ssoStartQuerySchema,
    checkedBy: { slot: 'query', by: 'the handler (safeCallbackUrl)' },
    answer: {
      status: 302,
      description: "To the provider's sign-in page, or to `/auth?sso_error=<code>` when sign-on is off or the provider unreachable",
      location: "the provider's authorization endpoint",
    },
    errors: [],
  },
  {
    service: 'identity',
    method: 'get',
    path: SSO_PATHS.callback,
    summary: "The provider's answer: signs the user in, creates them, or asks to confirm a link",
    query: ssoCallbackQuerySchema,
    checkedBy: { slot: 'query', by: 'openid-client (state, PKCE, nonce, ID token)' },
    answer: {
      status: 302,
      description: `Signed in: to the callbackUrl given to start (or home); an existing account with the verified email: to \`${SSO_LINK_PAGE}\`; a failure: to \`/auth?sso_error=<code>\``,
      location: '/',
    },
    errors: [],
  },
  {
    service: 'identity',
    method: 'get',
    path: SSO_PATHS.link,
    summary: 'The existing account a sign-in waits to be linked to',
    answer: ok('Its email and the provider', ssoPendingLinkSchema),
    errors: [404],
  },
  {
    service: 'identity',
    method: 'post',
    path: SSO_PATHS.link,
    summary: "Link the sign-in to the existing account, confirmed once with the account's password",
    body: ssoLinkSchema,
    answer: ok('The user, logged in (a new session id)', currentUserSchema),
    errors: [400, 401, 404, 429],
  },
  { service: 'identity', method: 'post', path: '/api/feedback', summary: 'Send feedback', body: feedbackSchema, answer: created('Stored', feedbackAnswerSchema), errors: [400] },
  { service: 'identity', method: 'get', path: '/api/usage', summary: "This month's usage and limits", answer: ok('Counts and limits (null: unlimited)', usageSchema), errors: [] },
  {
    service: 'identity',
    method: 'delete',
    path: '/api/account',
    summary: 'Anonymise a registered account, or reset a guest',
    answer: ok('Whether it was a guest, and the new guest id after a reset', accountDeleteAnswerSchema),
    errors: [401, 403],
    sessionOnly: true,
  },
  { service: 'identity', method: 'get', path: '/api/settings', summary: "The user's settings", answer: ok('Settings', settingsSchema), errors: [] },
  {
    service: 'identity',
    method: 'post',
    path: '/api/settings/api-key',
    summary: 'Store a custom OpenAI API key (registered users)',
    body: apiKeySchema,
    answer: ok('Settings', settingsSchema),
    errors: [400, 401, 403],
    sessionOnly: true,
  },
  {
    service: 'identity',
    method: 'delete',
    path: '/api/settings/api-key',
    summary: 'Remove the custom API key',
    answer: ok('Settings', settingsSchema),
    errors: [401, 403],
    sessionOnly: true,
  },
  // identity: personal access tokens (docs/decisions/0015-programmatic-access.md)
  {
    service: 'identity',
    method: 'get',
    path: '/api/tokens',
    summary: "The user's API tokens (never their secrets)",
    answer: ok('The tokens, newest first', z.array(tokenSchema)),
    errors: [401, 403],
    sessionOnly: true,
  },
  {
    service: 'identity',
    method: 'post',
    path: '/api/tokens',
    summary: 'Create a personal access token (registered users)',
    description: 'The answer holds `token`, the secret, this once: only its hash is stored. Send it as `Authorization: Bearer prd_…`; a `read` token may only GET.',
    body: createTokenSchema,
    answer: created('The token with its secret', createdTokenSchema),
    errors: [400, 401, 403, 409],
    sessionOnly: true,
  },
  {
    service: 'identity',
    method: 'delete',
    path: '/api/tokens/:id',
    summary: 'Revoke a personal access token',
    description: 'Takes effect at once on every replica.',
    params: tokenParamsSchema,
    answer: noContent('Revoked'),
    errors: [400, 401, 403, 404],
    sessionOnly: true,
  },
  // identity: notifications (docs/decisions/0012-sharing-and-roles.md)
  {
    service: 'identity',
    method: 'get',
    path: '/api/notifications',
    summary: "The user's notifications, newest first, a page at a time",
    query: notificationsQuerySchema,
    answer: ok('A page and the unread count', notificationsPageSchema),
    errors: [400],
  },
  {
    service: 'identity',
    method: 'post',
    path: '/api/notifications/read',
    summary: 'Mark notifications read: `{ ids }` or `{ all: true }`',
    body: markNotificationsReadSchema,
    answer: ok('The unread count', z.object({ unread: z.number().int() })),
    errors: [400],
  },

  // content: templates, documents and their revisions, projects, activities
  {
    service: 'content',
    method: 'get',
    path: '/api/templates',
    summary: "The template catalogue, then the user's own templates and their workspaces' (`source`)",
    answer: ok('Built-in first, then personal, then workspace ones', z.array(templateSchema)),
    errors: [],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/templates/:id',
    summary: 'One template the user may use',
    params: templateParamsSchema,
    answer: ok('The template', templateSchema),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/templates',
    summary: "Save a template of one's own, or with `workspaceId` for a workspace one belongs to (registered users)",
    body: createTemplateSchema,
    answer: created('The template', templateSchema),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'patch',
    path: '/api/templates/:id',
    summary: "Change a saved template (its author, or the workspace's admins; built-in ones cannot be changed)",
    params: templateParamsSchema,
    body: updateTemplateSchema,
    answer: ok('The template', templateSchema),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/templates/:id',
    summary: "Delete a saved template (its author, or the workspace's admins; built-in ones cannot be deleted)",
    params: templateParamsSchema,
    answer: noContent('Deleted'),
    errors: [400, 401, 403, 404],
  },
  { service: 'content', method: 'get', path: '/api/activities', summary: "The user's recent activities", answer: ok('Newest first', z.array(activitySchema)), errors: [] },
  {
    service: 'content',
    method: 'get',
    path: '/api/documents',
    summary: "The user's documents, or with `?scope=shared` those others shared with the user, or with `?workspace=` a workspace's (or `personal`)",
    query: listScopeQuerySchema,
    answer: ok('Newest first, without content; shared and workspace ones with `role` and `owner`', z.union([z.array(documentSummarySchema), z.array(sharedDocumentSummarySchema)])),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/documents',
    summary: 'Create a document (an anonymous visitor becomes a guest)',
    body: createDocumentSchema,
    answer: created('The document', documentSchema),
    errors: [400, 401, 403, 404, 429],
  },
  {
    service: 'content',
    method: 'post',
    path: IMPORT_PATH,
    summary: 'Import files as documents: Markdown, text, Word, HTML, PDF (text, best effort) or a zip of Markdown files; all or nothing',
    description:
      'Each file becomes one document (each Markdown file of a zip too), all in the one project given. Limits: 10 MB per file, 50 files per request, 2,000,000 characters per document.',
    multipart: importFormSchema,
    checkedBy: { slot: 'body', by: 'the handler (readImportForm)' },
    answer: created('The new documents, in the order of the files, and notes on what the conversion dropped', importAnswerSchema),
    errors: [400, 401, 403, 404, 413, 415, 429],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/documents/:id',
    summary: 'One document (any query, such as a cache-busting `t`, is ignored)',
    params: documentParamsSchema,
    answer: { ...ok('The document', documentSchema), headers: { ETag: 'The document’s `version` as a strong entity tag (`"7"`), for `If-Match`' } },
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'patch',
    path: '/api/documents/:id',
    summary: 'Edit a document or move it into a project',
    description:
      'Send `If-Match` with the `ETag` (or `version`) you read, so that no change made since is overwritten: if the document changed, the answer is 412 ' +
      'VERSION_CONFLICT with `currentVersion`, and nothing is changed. Without `If-Match` the change is applied over whatever is there, and the text it ' +
      'replaced is kept as a revision of its author.',
    params: documentParamsSchema,
    body: updateDocumentSchema,
    requestHeaders: { 'If-Match': 'The version the change was made from, as the `ETag` gave it (`"7"`; `W/"7"` and `*` are accepted)' },
    answer: { ...ok('The document', documentSchema), headers: { ETag: 'The new version' } },
    errors: [400, 403, 404, 412],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/documents/:id',
    summary: 'Delete a document (its owner only)',
    params: documentParamsSchema,
    answer: ok('Its id', deletedId),
    errors: [400, 403, 404],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/documents/:id/revisions',
    summary: "A document's revisions, with who wrote each",
    params: documentParamsSchema,
    answer: ok('Named ones first, then newest first', z.array(revisionSchema)),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/documents/:id/revisions/compare',
    summary: 'The differences between two versions of a document (revision ids, or `current`), by line and by word',
    params: documentParamsSchema,
    query: compareQuerySchema,
    answer: ok('The line diff from `from` to `to`, and the word diff of each replaced line', comparisonSchema),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'put',
    path: '/api/documents/:id/revisions/:revisionId/name',
    summary: 'Name a revision ("v1.0 signed off"); named revisions are never deleted to make room (editors and the owner)',
    params: revisionParamsSchema,
    body: revisionNameSchema,
    answer: ok('The revision', revisionSchema),
    errors: [400, 403, 404],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/documents/:id/revisions/:revisionId/name',
    summary: "Remove a revision's name (editors and the owner)",
    params: revisionParamsSchema,
    answer: ok('The revision', revisionSchema),
    errors: [400, 403, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/documents/:id/revisions/:revisionId/restore',
    summary: 'Restore a revision (itself recorded as a new revision; editors and the owner)',
    params: revisionParamsSchema,
    answer: ok('The document', documentSchema),
    errors: [400, 403, 404],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/projects',
    summary: "The user's projects, or with `?scope=shared` those others shared with the user, or with `?workspace=` a workspace's (or `personal`)",
    query: listScopeQuerySchema,
    answer: ok('Projects; shared and workspace ones with `role` and `owner`', z.union([z.array(projectSchema), z.array(sharedProjectSchema)])),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/projects',
    summary: 'Create a project (registered users), optionally in a workspace they belong to',
    body: createProjectSchema,
    answer: created('The project', projectSchema),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/projects/:id',
    summary: 'One project',
    params: projectParamsSchema,
    answer: ok('The project', projectSchema),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'patch',
    path: '/api/projects/:id',
    summary: 'Edit a project (editors and the owner)',
    params: projectParamsSchema,
    body: updateProjectSchema,
    answer: ok('The project', projectSchema),
    errors: [400, 403, 404],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/projects/:id',
    summary: 'Delete a project (its owner only; its documents stay)',
    params: projectParamsSchema,
    answer: ok('Its id', deletedId),
    errors: [400, 403, 404],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/projects/:id/documents',
    summary: "A project's documents, a page at a time (the total in X-Total-Count)",
    params: projectParamsSchema,
    query: projectDocumentsQuerySchema,
    answer: ok('The documents', z.array(documentSchema)),
    errors: [400, 404],
  },

  // content: workspaces (docs/decisions/0037-workspaces.md): members, invite links
  {
    service: 'content',
    method: 'get',
    path: '/api/workspaces',
    summary: 'The workspaces the user belongs to, each with their role (registered users)',
    answer: ok('By name', z.array(workspaceSchema)),
    errors: [401, 403],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/workspaces',
    summary: 'Create a workspace; its creator is its admin',
    body: createWorkspaceSchema,
    answer: created('The workspace', workspaceSchema),
    errors: [400, 401, 403],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/workspaces/:id',
    summary: 'A workspace the user belongs to',
    params: workspaceParamsSchema,
    answer: ok('The workspace', workspaceSchema),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'patch',
    path: '/api/workspaces/:id',
    summary: "Rename a workspace or change the members' role on its items (admins)",
    params: workspaceParamsSchema,
    body: updateWorkspaceSchema,
    answer: ok('The workspace', workspaceSchema),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/workspaces/:id',
    summary: "Delete a workspace (admins): its items go back to their owners' Personal spaces",
    params: workspaceParamsSchema,
    answer: noContent("Deleted; the other members' open realtime sessions on its items are closed"),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/workspaces/:id/members',
    summary: "A workspace's members and their roles",
    params: workspaceParamsSchema,
    answer: ok('Oldest member first', z.array(workspaceMemberSchema)),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/workspaces/:id/members',
    summary: 'Add a registered user by username or email (admins)',
    params: workspaceParamsSchema,
    body: addWorkspaceMemberSchema,
    answer: created('The member', workspaceMemberSchema),
    errors: [400, 401, 403, 404, 409],
  },
  {
    service: 'content',
    method: 'patch',
    path: '/api/workspaces/:id/members/:userId',
    summary: "Change a member's role (admins; the last admin cannot be demoted)",
    params: workspaceMemberParamsSchema,
    body: updateWorkspaceMemberSchema,
    answer: ok('The member', workspaceMemberSchema),
    errors: [400, 401, 403, 404, 409],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/workspaces/:id/members/:userId',
    summary: 'Remove a member (admins), or leave (a member); the last admin can do neither',
    params: workspaceMemberParamsSchema,
    answer: noContent("Removed; the user's open realtime sessions on the workspace's items are closed"),
    errors: [400, 401, 403, 404, 409],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/workspaces/:id/invites',
    summary: 'Make an invite link, working for 7 days (admins)',
    params: workspaceParamsSchema,
    answer: created('The token and URL, given only in this answer, and when it expires', workspaceInviteSchema),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/workspaces/:id/invites/:token',
    summary: 'Revoke an invite link (admins)',
    params: workspaceInviteTokenParamsSchema,
    answer: noContent('Revoked'),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/invites/:token',
    summary: "An invite link's workspace and inviter; no session needed",
    params: inviteTokenParamsSchema,
    answer: ok('Workspace name, inviter and expiry', invitePreviewSchema),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/invites/:token/accept',
    summary: 'Join a workspace through an invite link (registered users; guests register first, then open the same link)',
    params: inviteTokenParamsSchema,
    answer: ok('The workspace joined', workspaceSchema),
    errors: [400, 401, 403, 404],
  },

  // content: sharing (docs/decisions/0012-sharing-and-roles.md): shares, the read-only link, comments
  ...shareRoutes('documents', documentParamsSchema, [400, 404]),
  ...shareRoutes('projects', projectParamsSchema, [400, 401, 403, 404]),
  {
    service: 'content',
    method: 'get',
    path: '/api/documents/:id/share-link',
    summary: "Whether a document's read-only link is on, and since when (its owner only; the address is shown only when it is made)",
    params: documentParamsSchema,
    answer: ok('`{ link: { createdAt } }`, null when off', shareLinkStateSchema),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/documents/:id/share-link',
    summary: 'Make a read-only link to a document, replacing any earlier one, which stops working (its owner only)',
    params: documentParamsSchema,
    answer: ok('The token and URL, given only in this answer', shareLinkSchema),
    errors: [400, 401, 403, 404],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/documents/:id/share-link',
    summary: 'Turn the read-only link off (the old URL answers 404 at once)',
    params: documentParamsSchema,
    answer: noContent('Revoked'),
    errors: [400, 401, 403, 404],
    sessionOnly: true,
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/share/:token',
    summary: 'A document shared by link; no session needed (rate-limited per address)',
    params: shareTokenParamsSchema,
    answer: ok('Title, content, last update and owner name', sharedDocumentSchema),
    errors: [400, 404, 429],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/documents/:id/comments',
    summary: "A document's comment threads with their replies",
    params: documentParamsSchema,
    answer: ok('Oldest first', z.array(commentThreadSchema)),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'get',
    path: '/api/documents/:id/people',
    summary: 'Everyone with access to a document, its owner included: whom a comment can @mention',
    params: documentParamsSchema,
    answer: ok('Owner first, then by username', z.array(personWithAccessSchema)),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/documents/:id/comments',
    summary: 'Comment on a document, optionally anchored to a quote (commenters, editors, the owner; rate-limited per user)',
    params: documentParamsSchema,
    body: createCommentSchema,
    answer: created('The comment', commentSchema),
    errors: [400, 403, 404, 429],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/comments/:id/replies',
    summary: 'Reply to a comment thread (rate-limited per user, with new threads)',
    params: commentParamsSchema,
    body: createReplySchema,
    answer: created('The reply', commentSchema),
    errors: [400, 403, 404, 429],
  },
  {
    service: 'content',
    method: 'patch',
    path: '/api/comments/:id',
    summary: 'Edit a comment (its author) or resolve / reopen it (author, owner or editor)',
    params: commentParamsSchema,
    body: updateCommentSchema,
    answer: ok('The comment', commentSchema),
    errors: [400, 403, 404],
  },
  {
    service: 'content',
    method: 'delete',
    path: '/api/comments/:id',
    summary: 'Delete a comment (its author or the document owner)',
    params: commentParamsSchema,
    answer: noContent('Deleted'),
    errors: [400, 403, 404],
  },

  // content: suggestions (docs/decisions/0041-suggestions.md); asking the AI for one is chat's
  {
    service: 'content',
    method: 'get',
    path: '/api/documents/:id/suggestions',
    summary: "A document's suggestions, newest first (viewers and up); pending ones whose passage is gone are `outdated`",
    params: documentParamsSchema,
    query: suggestionsQuerySchema,
    answer: ok('`{ suggestions }`, each with where its passage is now', suggestionListSchema),
    errors: [400, 404],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/documents/:id/suggestions/proposals',
    summary: 'Propose your own changes (commenters and up): one suggestion per changed passage, for the owner or an editor to accept or reject',
    description: `Suggesting mode: each quote must be in the current text (else 409 SUGGESTION_QUOTE_NOT_FOUND). 1 to ${SUGGESTIONS_PER_EDIT_MAX} per request, ${SUGGESTION_PROPOSALS_PER_MINUTE} requests a minute per user.`,
    params: documentParamsSchema,
    body: proposeSuggestionsSchema,
    answer: created('The suggestions stored, authored by you', proposedSuggestionsAnswerSchema),
    errors: [400, 403, 404, 409, 429],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/documents/:id/suggestions/:suggestionId/accept',
    summary: 'Accept a suggestion (owner and editors): its passage is replaced, recorded as a revision of its author accepted by you',
    params: suggestionParamsSchema,
    answer: ok('The accepted suggestion', suggestionAnswerSchema),
    errors: [400, 403, 404, 409],
  },
  {
    service: 'content',
    method: 'post',
    path: '/api/documents/:id/suggestions/:suggestionId/reject',
    summary: 'Reject a suggestion (owner and editors); the text does not change',
    params: suggestionParamsSchema,
    answer: ok('The rejected suggestion', suggestionAnswerSchema),
    errors: [400, 403, 404, 409],
  },

  // export: files of a document
  {
    service: 'export',
    method: 'get',
    path: '/api/documents/:id/export/:format',
    summary: 'Download a document as Markdown or Word (registered users)',
    params: exportParamsSchema,
    answer: { status: 200, description: 'The file, as an attachment', files: ['text/markdown', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] },
    errors: [400, 401, 403, 404, 429],
  },
  {
    service: 'export',
    method: 'get',
    path: '/api/documents/:id/export/pdf',
    summary: 'Download a document as PDF on A4 or US Letter pages (registered users)',
    description: 'The title, then the markdown: headings as bookmarks, lists, task lists, tables, code, quotes, links, page numbers; fonts embedded (Latin, Greek, Cyrillic).',
    params: documentParamsSchema,
    query: pdfExportQuerySchema,
    answer: { status: 200, description: 'The PDF file, as an attachment', files: ['application/pdf'] },
    errors: [400, 401, 403, 404, 429],
  },

  // chat: messages, threads, the guided document flow, the realtime voice token
  {
    service: 'chat',
    method: 'post',
    path: '/api/chat',
    summary: 'Send a message and get the AI reply (general, document, project or panel chat); Server-Sent Events with Accept: text/event-stream',
    body: postChatSchema,
    answer: ok('The reply; for document chat also the edit', chatReplySchema),
    errors: [400, 401, 403, 404, 429, 502, 504],
  },
  {
    service: 'chat',
    method: 'post',
    path: '/api/documents/:id/suggestions',
    summary:
      'Ask the AI for a suggestion on a quoted passage, or on the whole document (commenters and up; one message of the allowance); Server-Sent Events with Accept: text/event-stream',
    description:
      'The instruction is a preset (Improve writing, Shorten, Expand, Make it measurable, Fix spelling and grammar) or free text. The stream sends the replacement text as it arrives, then the stored suggestions.',
    params: documentParamsSchema,
    body: askSuggestionSchema,
    answer: created('The suggestions stored, or a note saying why there is none', askSuggestionAnswerSchema),
    errors: [400, 401, 403, 404, 429, 502, 504],
  },
  {
    service: 'chat',
    method: 'get',
    path: '/api/chat/:documentId/ai-edits',
    summary: "Whether the document chat applies the AI's edits or suggests them for review (yours, for this document; apply by default)",
    params: chatDocumentParamsSchema,
    answer: ok('`{ mode }`', aiEditPreferenceSchema),
    errors: [400, 404],
  },
  {
    service: 'chat',
    method: 'put',
    path: '/api/chat/:documentId/ai-edits',
    summary: "Choose whether the document chat applies the AI's edits or suggests them for review",
    params: chatDocumentParamsSchema,
    body: aiEditPreferenceSchema,
    answer: ok('`{ mode }`', aiEditPreferenceSchema),
    errors: [400, 403, 404],
  },
  {
    service: 'chat',
    method: 'post',
    path: '/api/chat/regenerate',
    summary: "A new reply to a thread's or a document chat's last message, replacing the last reply (streamed when asked)",
    body: regenerateChatSchema,
    answer: ok('The new reply', chatReplySchema),
    errors: [400, 403, 404, 429, 502, 504],
  },
  {
    service: 'chat',
    method: 'get',
    path: '/api/chat',
    summary: 'The messages of a chat scope (general, a document or a project)',
    query: chatScopeQuerySchema,
    answer: ok('Oldest first', z.array(chatMessageSchema)),
    errors: [400, 404],
  },
  {
    service: 'chat',
    method: 'get',
    path: '/api/chat/:documentId',
    summary: "A document chat's messages",
    params: chatDocumentParamsSchema,
    answer: ok('Oldest first', z.array(chatMessageSchema)),
    errors: [400, 404],
  },
  {
    service: 'chat',
    method: 'get',
    path: '/api/chat/threads',
    summary: "The user's chat threads",
    answer: ok('Most recently updated first', z.array(chatThreadSchema)),
    errors: [],
  },
  {
    service: 'chat',
    method: 'post',
    path: '/api/chat/threads',
    summary: 'Start a thread',
    body: createThreadSchema,
    answer: created('The thread', chatThreadSchema),
    errors: [400, 401, 409],
  },
  {
    service: 'chat',
    method: 'get',
    path: '/api/chat/threads/:id',
    summary: 'A thread and its messages',
    params: threadParamsSchema,
    answer: ok('Thread and messages', threadDetailSchema),
    errors: [400, 404],
  },
  {
    service: 'chat',
    method: 'put',
    path: '/api/chat/threads/:id',
    summary: 'Rename a thread',
    params: threadParamsSchema,
    body: updateThreadSchema,
    answer: ok('The thread', chatThreadSchema),
    errors: [400, 404],
  },
  {
    service: 'chat',
    method: 'delete',
    path: '/api/chat/threads/:id',
    summary: 'Delete a thread',
    params: threadParamsSchema,
    answer: { status: 204, description: 'Deleted' },
    errors: [400, 404],
  },
  {
    service: 'chat',
    method: 'post',
    path: '/api/chat/threads/:id/auto-title',
    summary: 'Title a thread from its first exchange',
    params: threadParamsSchema,
    answer: ok('The title (the default one when the AI fails)', autoTitleAnswerSchema),
    errors: [400, 404],
  },
  {
    service: 'chat',
    method: 'post',
    path: '/api/document-flow/start',
    summary: 'Start guided document creation from a template',
    body: documentFlowStartSchema,
    answer: ok('The new document and the first exchange', documentFlowStartAnswerSchema),
    errors: [400, 401, 404, 429, 502, 504],
  },
  {
    service: 'chat',
    method: 'post',
    path: '/api/document-flow/message',
    summary: 'Answer the guided flow; the document grows with each answer',
    body: documentFlowMessageSchema,
    answer: ok('The reply, the document and whether it is complete', documentFlowMessageAnswerSchema),
    errors: [400, 401, 403, 404, 429, 502, 504],
  },
  {
    service: 'chat',
    method: 'get',
    path: '/api/realtime/session-token',
    summary: 'An ephemeral token for a realtime voice session',
    query: realtimeSessionTokenQuerySchema,
    answer: ok('The token, and the realtime endpoint the browser sends its WebRTC offer to', realtimeSessionTokenSchema),
    errors: [400, 401, 403, 404, 502],
  },
  {
    service: 'chat',
    method: 'get',
    path: '/api/realtime/voice',
    summary: 'Whether the server has an AI key of its own for voice sessions (a user with their own key can always start one)',
    answer: ok('The server key status', realtimeVoiceSchema),
    errors: [],
  },
];
