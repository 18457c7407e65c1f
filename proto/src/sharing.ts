import { z } from 'zod';
import { idString } from './params.js';

/** What a user may do with a document or project, weakest first (docs/decisions/0012-sharing-and-roles.md). Only the owner shares, deletes and moves. */
export const ROLES = ['viewer', 'commenter', 'editor', 'owner'] as const;
export type Role = (typeof ROLES)[number];
/** The roles an owner can grant. */
export const GRANTABLE_ROLES = ['viewer', 'commenter', 'editor'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** True when `role` allows at least what `needed` allows. */
export const roleAllows = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** The stronger of two roles (a document's direct grant and its project's grant). */
export const strongerRole = <R extends Role>(a: R | null | undefined, b: R | null | undefined): R | null => {
  if (!a) return b ?? null;
  if (!b) return a;
  return ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b;
};

/** The 403 of a grant too weak for the route: it names the role the route needs. */
export const roleNeededMessage = (needed: Role): string => (needed === 'owner' ? 'Only the owner can do this' : `This needs the ${needed} role or higher`);

export const SHARE_ACCOUNT_REQUIRED = {
  message: 'Registration required',
  description: 'Sign up to share your work and to be invited',
} as const;
export const NO_SUCH_USER = 'No registered user with that username or email';
export const SHARE_WITH_SELF = 'You cannot share with yourself: you own it';
export const ALREADY_SHARED = 'That user already has access; change their role instead';
export const SHARE_NOT_FOUND = 'That user has no access to share';
/**
 * Invitations (`POST .../shares`) one user may send per hour (SHARES_PER_HOUR): each notifies someone and answers
 * whether a username or email belongs to an account (docs/decisions/0031-hostile-collaboration.md).
 */
export const SHARES_PER_HOUR = 60;
export const SHARES_RATE_LIMITED = 'Too many invitations.';

const BODY_OBJECT = { error: 'The request body must be a JSON object' };
const roleField = z.enum(GRANTABLE_ROLES, { error: 'role must be viewer, commenter or editor' });

/** `POST /api/documents/:id/shares` and `/api/projects/:id/shares`. */
export const createShareSchema = z.object(
  {
    login: z.string({ error: 'Enter a username or email' }).trim().min(1, 'Enter a username or email').max(320, 'Username or email is too long'),
    role: roleField,
  },
  BODY_OBJECT,
);
export type CreateShare = z.infer<typeof createShareSchema>;

/** `PATCH .../shares/:userId`. */
export const updateShareSchema = z.object({ role: roleField }, BODY_OBJECT);
export type UpdateShare = z.infer<typeof updateShareSchema>;

export const shareParamsSchema = z.object({
  id: idString('Id must be a number'),
  userId: idString('User id must be a number'),
});

/** One person with access, as `GET .../shares` lists them. */
export const shareSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  role: z.enum(GRANTABLE_ROLES),
  createdAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

/** Who owns a shared item, as lists of shared items show it. */
export const ownerSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string().nullable() });
export type OwnerDto = z.infer<typeof ownerSchema>;

/** `?workspace=` of the lists: a workspace's items (docs/decisions/0037-workspaces.md), or `personal` for the caller's own outside any. */
export const workspaceFilterSchema = z.union([z.literal('personal'), idString('workspace must be a workspace id or personal')], {
  error: 'workspace must be a workspace id or personal',
});
export type WorkspaceFilter = z.infer<typeof workspaceFilterSchema>;

/**
 * `?scope=` of `GET /api/documents` and `GET /api/projects`: the caller's own items, or those others shared with them;
 * `?workspace=` instead lists one workspace's items (or the caller's Personal ones).
 */
export const listScopeQuerySchema = z.object({
  scope: z.enum(['own', 'shared'], { error: 'scope must be own or shared' }).optional(),
  workspace: workspaceFilterSchema.optional(),
});
export type ListScopeQuery = z.infer<typeof listScopeQuerySchema>;

/** Redis channel on which content announces a revoked or weakened grant, so open realtime sessions on the item end. */
export const ACCESS_REVOKED_CHANNEL = 'access-revoked';
export const accessRevokedEventSchema = z.object({
  userId: z.number().int(),
  /** Every document the user lost (or had weakened) access to: the document, or each document of the project. */
  documentIds: z.array(z.number().int()),
  projectId: z.number().int().nullable(),
});
export type AccessRevokedEvent = z.infer<typeof accessRevokedEventSchema>;

/**
 * A document's read-only link as it is made: `url` opens the web page `/share/{token}`. Only this answer holds the
 * token; the server keeps its hash (docs/decisions/0030-share-link-hashes.md).
 */
export const shareLinkSchema = z.object({ token: z.string(), url: z.string(), createdAt: z.string() });
export type ShareLink = z.infer<typeof shareLinkSchema>;
/** `GET /api/documents/:id/share-link`: whether the owner's link is on, and since when (its address cannot be given again). */
export const shareLinkStateSchema = z.object({ link: z.object({ createdAt: z.string() }).nullable() });
export type ShareLinkState = z.infer<typeof shareLinkStateSchema>;

/** `GET /api/share/:token`: what anyone with the link sees. */
export const sharedDocumentSchema = z.object({
  title: z.string(),
  content: z.string(),
  updatedAt: z.string(),
  owner: z.object({ name: z.string() }),
});
export type SharedDocument = z.infer<typeof sharedDocumentSchema>;

export const shareTokenParamsSchema = z.object({
  // Any other text is simply no link (404); only absurd lengths are bad input.
  token: z.string({ error: 'Share link token is required' }).max(200, 'Share link token is too long'),
});
export const SHARE_LINK_NOT_FOUND = 'Share link not found';
/** Reads of share links one address may make per minute (they need no account, so they are limited). */
export const SHARE_LINK_READS_PER_MINUTE = 120;
export const SHARE_LINK_READS_RATE_LIMITED = 'Too many shared documents were opened from your address.';
