import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { conflict, DB, notFound } from '@prd/kit';
import {
  ALREADY_A_MEMBER,
  INVITE_NOT_FOUND,
  LAST_ADMIN,
  NO_SUCH_USER,
  WORKSPACE_INVITE_TTL_MS,
  WORKSPACE_MEMBER_NOT_FOUND,
  WORKSPACE_NOT_FOUND,
  type AddWorkspaceMember,
  type CreateWorkspace,
  type InvitePreview,
  type UpdateWorkspace,
  type WorkspaceDto,
  type WorkspaceInvite,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@prd/proto';
import { access, type Owner } from '../access/access.js';
import type { ContentDb, Executor } from '../db/database.js';
import { documents, workspaceInvites, workspaceMembers, workspaces } from '../db/schema.js';
import { PeopleService } from '../people/people.service.js';
import { RevocationsService } from '../shares/revocations.service.js';

type WorkspaceRow = typeof workspaces.$inferSelect;

/** 192 random bits, URL-safe, like a share link's (the issue asks for at least 128). */
const newToken = () => randomBytes(24).toString('base64url');
/** Only the token's SHA-256 is kept, as for share links (docs/decisions/0030-share-link-hashes.md). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function toWorkspaceDto(row: WorkspaceRow, role: WorkspaceRole): WorkspaceDto {
  return { id: row.id, name: row.name, defaultRole: row.defaultRole, role, createdAt: row.createdAt.toISOString() };
}

/**
 * Workspaces, their members and invite links (docs/decisions/0037-workspaces.md). What membership lets a user do with the
 * workspace's items is decided by `access`; here only who belongs, and the announcements when someone loses access.
 */
@Injectable()
export class WorkspacesService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly people: PeopleService,
    private readonly revocations: RevocationsService,
  ) {}

  /** The workspaces the user belongs to, by name, each with their role. */
  async list(user: Owner): Promise<WorkspaceDto[]> {
    const rows = await this.db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, user.id))
      .orderBy(asc(workspaces.name), asc(workspaces.id));
    return rows.map((r) => toWorkspaceDto(r.workspace, r.role));
  }

  /** A new workspace whose only member, its admin, is its creator. */
  create(user: Owner, input: CreateWorkspace): Promise<WorkspaceDto> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(workspaces).values({ name: input.name, createdBy: user.id }).returning();
      if (!row) throw new Error('insert returned no row');
      await tx.insert(workspaceMembers).values({ workspaceId: row.id, userId: user.id, role: 'admin' });
      return toWorkspaceDto(row, 'admin');
    });
  }

  async get(user: Owner, id: number): Promise<WorkspaceDto> {
    const workspace = await access.workspace(this.db, user, id, 'member');
    return toWorkspaceDto(workspace, workspace.membership);
  }

  /** Admins rename it or change the members' role on its items; a weaker role holds the members' live editors to it at once. */
  async update(user: Owner, id: number, change: UpdateWorkspace): Promise<WorkspaceDto> {
    const { before, row } = await this.db.transaction(async (tx) => {
      const current = await access.workspace(tx, user, id, 'admin', { lock: 'update' });
      const [updated] = await tx.update(workspaces).set(change).where(eq(workspaces.id, current.id)).returning();
      if (!updated) throw notFound(WORKSPACE_NOT_FOUND);
      return { before: current.defaultRole, row: updated };
    });
    if (before === 'editor' && row.defaultRole !== 'editor') await this.revocations.workspaceRoleChanged(id, await this.memberIds(this.db, id, 'member'));
    return toWorkspaceDto(row, 'admin');
  }

  /**
   * Deletes a workspace (admins): its documents and projects go back to their owners' Personal spaces, and every other
   * member loses them at once, live editors included.
   */
  async remove(user: Owner, id: number): Promise<void> {
    const lost = await this.db.transaction(async (tx) => {
      const held = await tx.select({ id: documents.id }).from(documents).where(eq(documents.workspaceId, id)).for('update');
      const current = await access.workspace(tx, user, id, 'admin', { lock: 'update' });
      const members = await this.memberIds(tx, current.id);
      await tx.delete(workspaces).where(eq(workspaces.id, current.id));
      return { members, documentIds: held.map((d) => d.id) };
    });
    await this.revocations.leftWorkspace(id, lost.documentIds, lost.members);
  }

  /** Members see who else belongs. */
  async members(user: Owner, id: number): Promise<WorkspaceMember[]> {
    const workspace = await access.workspace(this.db, user, id, 'member');
    const rows = await this.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspace.id)).orderBy(asc(workspaceMembers.createdAt));
    const profiles = await this.people.profiles(rows.map((r) => r.userId));
    return rows.flatMap((r) => {
      const p = profiles.get(r.userId);
      return p ? [{ userId: r.userId, username: p.username, name: p.name, role: r.role, createdAt: r.createdAt.toISOString() }] : [];
    });
  }

  /** Admins add a registered user by username or email. */
  async addMember(user: Owner, id: number, input: AddWorkspaceMember): Promise<WorkspaceMember> {
    const workspace = await access.workspace(this.db, user, id, 'admin');
    const invitee = await this.people.findByLogin(input.login);
    if (!invitee) throw notFound(NO_SUCH_USER);
    const [row] = await this.db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: invitee.id, role: input.role }).onConflictDoNothing().returning();
    if (!row) throw conflict(ALREADY_A_MEMBER);
    return { userId: invitee.id, username: invitee.username, name: invitee.name, role: row.role, createdAt: row.createdAt.toISOString() };
  }

  /** Admins change a member's role; the last admin cannot be demoted. A demoted admin's live editors are held to the default role. */
  async updateMember(user: Owner, id: number, userId: number, role: WorkspaceRole): Promise<WorkspaceMember> {
    const row = await this.db.transaction(async (tx) => {
      const workspace = await access.workspace(tx, user, id, 'admin', { lock: 'update' });
      if (role === 'member') await this.keepAnAdmin(tx, workspace.id, userId);
      const [updated] = await tx
        .update(workspaceMembers)
        .set({ role })
        .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, userId)))
        .returning();
      if (!updated) throw notFound(WORKSPACE_MEMBER_NOT_FOUND);
      return updated;
    });
    if (role === 'member') await this.revocations.workspaceRoleChanged(id, [userId]);
    const [member] = await this.withProfile(row);
    if (!member) throw notFound(WORKSPACE_MEMBER_NOT_FOUND);
    return member;
  }

  /**
   * Admins remove a member, and a member may leave; the last admin can do neither. The member loses the workspace's items
   * at once: their open live editors on them close (or are held to a share they still have).
   */
  async removeMember(user: Owner, id: number, userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const workspace = await access.workspace(tx, user, id, userId === user.id ? 'member' : 'admin', { lock: 'update' });
      await this.keepAnAdmin(tx, workspace.id, userId);
      const deleted = await tx
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, userId)))
        .returning();
      if (deleted.length === 0) throw notFound(WORKSPACE_MEMBER_NOT_FOUND);
    });
    await this.revocations.workspaceRoleChanged(id, [userId]);
  }

  /** Adds a user as a member, or leaves them as they are (an invite accepted again, identity's single sign-on). */
  async join(userId: number, id: number): Promise<WorkspaceDto> {
    const [row] = await this.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id));
    if (!row) throw notFound(WORKSPACE_NOT_FOUND);
    await this.db.insert(workspaceMembers).values({ workspaceId: id, userId, role: 'member' }).onConflictDoNothing();
    return this.get({ id: userId }, id);
  }

  /** A new invite link (admins), working for WORKSPACE_INVITE_TTL_MS; the only time its token is told. */
  async invite(user: Owner, id: number, origin: string): Promise<WorkspaceInvite> {
    const workspace = await access.workspace(this.db, user, id, 'admin');
    const token = newToken();
    const expiresAt = new Date(Date.now() + WORKSPACE_INVITE_TTL_MS);
    await this.db.insert(workspaceInvites).values({ tokenHash: hashToken(token), workspaceId: workspace.id, inviterId: user.id, expiresAt });
    return { token, url: `${origin}/invite/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** Revokes an invite link (admins): it answers 404 from the next request on. */
  async revokeInvite(user: Owner, id: number, token: string): Promise<void> {
    const workspace = await access.workspace(this.db, user, id, 'admin');
    const deleted = await this.db
      .delete(workspaceInvites)
      .where(and(eq(workspaceInvites.workspaceId, workspace.id), eq(workspaceInvites.tokenHash, hashToken(token))))
      .returning();
    if (deleted.length === 0) throw notFound(INVITE_NOT_FOUND);
  }

  /** What anyone holding a working link sees: the workspace's name and who invited them. */
  async preview(token: string): Promise<InvitePreview> {
    const invite = await this.openInvite(token);
    const inviter = await this.people.profile(invite.inviterId);
    return {
      workspace: { id: invite.workspaceId, name: invite.name },
      inviter: { name: inviter?.name || inviter?.username || 'a PRD Studio user' },
      expiresAt: invite.expiresAt.toISOString(),
    };
  }

  /** A registered user joins through a working link, as a member (an existing membership stays as it is). */
  async accept(user: Owner, token: string): Promise<WorkspaceDto> {
    const invite = await this.openInvite(token);
    return this.join(user.id, invite.workspaceId);
  }

  /** Identity's single sign-on (OIDC_WORKSPACE): a workspace that is gone is a 404, an existing member stays as they are. */
  addByInternal(id: number, userId: number): Promise<WorkspaceDto> {
    return this.join(userId, id);
  }

  private async openInvite(token: string) {
    const [row] = await this.db
      .select({ workspaceId: workspaceInvites.workspaceId, inviterId: workspaceInvites.inviterId, expiresAt: workspaceInvites.expiresAt, name: workspaces.name })
      .from(workspaceInvites)
      .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
      .where(and(eq(workspaceInvites.tokenHash, hashToken(token)), gt(workspaceInvites.expiresAt, sql`now()`)));
    if (!row) throw notFound(INVITE_NOT_FOUND);
    return row;
  }

  /** 409 when `userId` is the workspace's only admin (the caller holds the workspace's lock, so two admins cannot both leave). */
  private async keepAnAdmin(tx: Executor, workspaceId: number, userId: number): Promise<void> {
    const others = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'admin'), ne(workspaceMembers.userId, userId)))
      .limit(1);
    if (others.length > 0) return;
    const [self] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    if (self?.role === 'admin') throw conflict(LAST_ADMIN);
  }

  private async memberIds(db: Executor, workspaceId: number, role?: WorkspaceRole): Promise<number[]> {
    const rows = await db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(role ? and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, role)) : eq(workspaceMembers.workspaceId, workspaceId));
    return rows.map((r) => r.userId);
  }

  private async withProfile(row: typeof workspaceMembers.$inferSelect): Promise<WorkspaceMember[]> {
    const p = await this.people.profile(row.userId);
    return p ? [{ userId: row.userId, username: p.username, name: p.name, role: row.role, createdAt: row.createdAt.toISOString() }] : [];
  }
}
