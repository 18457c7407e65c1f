import { z } from 'zod';
import { idNumber, idString } from './params.js';
import { GRANTABLE_ROLES } from './sharing.js';

/**
 * Workspaces (docs/decisions/0037-workspaces.md): a team's space beside everyone's Personal one. Every member gets the
 * workspace's default role on its documents and projects; admins act as owners of them.
 */
export const WORKSPACE_ROLES = ['admin', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const WORKSPACE_NAME_MAX = 100;
/** How long an invite link works unless revoked: 7 days. */
export const WORKSPACE_INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

export const WORKSPACE_NOT_FOUND = 'Workspace not found';
export const WORKSPACE_ADMIN_ONLY = 'Only a workspace admin can do this';
export const WORKSPACE_MEMBER_NOT_FOUND = 'That user is not a member of this workspace';
export const ALREADY_A_MEMBER = 'That user is already a member; change their role instead';
export const LAST_ADMIN = 'A workspace needs at least one admin: make someone else admin first';
export const PROJECT_IN_OTHER_WORKSPACE = 'That project is in another workspace';
export const INVITE_NOT_FOUND = 'This invite link is not valid or has expired';
export const WORKSPACE_ACCOUNT_REQUIRED = {
  message: 'Registration required',
  description: 'Sign up or log in to join a workspace, then open the same invite link again',
} as const;

const BODY_OBJECT = { error: 'The request body must be a JSON object' };
const workspaceName = z
  .string({ error: (issue) => (issue.input === undefined ? 'Workspace name is required' : 'Workspace name must be text') })
  .trim()
  .min(1, 'Workspace name is required')
  .max(WORKSPACE_NAME_MAX, `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`);
const defaultRoleField = z.enum(GRANTABLE_ROLES, { error: 'defaultRole must be viewer, commenter or editor' });
const workspaceRoleField = z.enum(WORKSPACE_ROLES, { error: 'role must be admin or member' });

/** A workspace as the caller sees it: with their own role in it. */
export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What every member may do with the workspace's documents and projects. */
  defaultRole: z.enum(GRANTABLE_ROLES),
  role: z.enum(WORKSPACE_ROLES),
  createdAt: z.string(),
});
export type WorkspaceDto = z.infer<typeof workspaceSchema>;

/** `POST /api/workspaces`. */
export const createWorkspaceSchema = z.object({ name: workspaceName }, BODY_OBJECT);
export type CreateWorkspace = z.infer<typeof createWorkspaceSchema>;

/** `PATCH /api/workspaces/:id`. */
export const updateWorkspaceSchema = z
  .object({ name: workspaceName.optional(), defaultRole: defaultRoleField.optional() }, BODY_OBJECT)
  .refine((b) => b.name !== undefined || b.defaultRole !== undefined, { message: 'Nothing to update: send a name or defaultRole' });
export type UpdateWorkspace = z.infer<typeof updateWorkspaceSchema>;

export const workspaceParamsSchema = z.object({ id: idString('Workspace id must be a number') });
export const workspaceMemberParamsSchema = z.object({ id: idString('Workspace id must be a number'), userId: idString('User id must be a number') });

/** One member, as `GET /api/workspaces/:id/members` lists them. */
export const workspaceMemberSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  createdAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

/** `POST /api/workspaces/:id/members`: adds a registered user by username or email. */
export const addWorkspaceMemberSchema = z.object(
  {
    login: z.string({ error: 'Enter a username or email' }).trim().min(1, 'Enter a username or email').max(320, 'Username or email is too long'),
    role: workspaceRoleField,
  },
  BODY_OBJECT,
);
export type AddWorkspaceMember = z.infer<typeof addWorkspaceMemberSchema>;

/** `PATCH /api/workspaces/:id/members/:userId`. */
export const updateWorkspaceMemberSchema = z.object({ role: workspaceRoleField }, BODY_OBJECT);
export type UpdateWorkspaceMember = z.infer<typeof updateWorkspaceMemberSchema>;

/** An invite link as it is made: `url` opens the web page `/invite/{token}`; only this answer holds the token (its SHA-256 is kept). */
export const workspaceInviteSchema = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });
export type WorkspaceInvite = z.infer<typeof workspaceInviteSchema>;

// Any other text is simply no invite (404); only absurd lengths are bad input.
const inviteToken = z.string({ error: 'Invite token is required' }).max(200, 'Invite token is too long');
export const inviteTokenParamsSchema = z.object({ token: inviteToken });
export const workspaceInviteTokenParamsSchema = z.object({ id: idString('Workspace id must be a number'), token: inviteToken });

/** `GET /api/invites/:token`: what anyone holding the link sees before joining. */
export const invitePreviewSchema = z.object({
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  inviter: z.object({ name: z.string() }),
  expiresAt: z.string(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** `workspaceId` in create and move bodies: a workspace the caller belongs to, or null for Personal. */
export const workspaceIdField = idNumber('Workspace id must be a number');

/** `POST /internal/workspaces/:id/members` (identity's single sign-on, OIDC_WORKSPACE): adds a user as a member. */
export const internalAddWorkspaceMemberSchema = z.object({ userId: idNumber('User id must be a number') }, BODY_OBJECT);
export type InternalAddWorkspaceMember = z.infer<typeof internalAddWorkspaceMemberSchema>;
