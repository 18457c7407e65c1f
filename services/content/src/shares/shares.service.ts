import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { conflict, DB, notFound } from '@prd/kit';
import { ALREADY_SHARED, NO_SUCH_USER, SHARE_NOT_FOUND, SHARE_WITH_SELF, type CreateShare, type GrantableRole, type Share } from '@prd/proto';
import { access, type Owner } from '../access/access.js';
import type { Actor } from '../activities/activities.service.js';
import type { ContentDb } from '../db/database.js';
import { documentGrants, projectGrants } from '../db/schema.js';
import { PeopleService } from '../people/people.service.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { RevocationsService } from './revocations.service.js';

/** What is shared: a document (its grants) or a project (its grants, covering its documents). */
export type ShareKind = 'document' | 'project';

type GrantRow = { userId: number; role: GrantableRole; createdAt: Date };

/** Grants of documents and projects (docs/decisions/0012-sharing-and-roles.md): the owner invites, changes roles and removes; anyone with access sees who has it. */
@Injectable()
export class SharesService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly people: PeopleService,
    private readonly revocations: RevocationsService,
    private readonly limits: RateLimits,
  ) {}

  async list(user: Owner | null, kind: ShareKind, id: number): Promise<Share[]> {
    await this.item(user, kind, id, 'viewer');
    const rows: GrantRow[] =
      kind === 'document'
        ? await this.db
            .select({ userId: documentGrants.userId, role: documentGrants.role, createdAt: documentGrants.createdAt })
            .from(documentGrants)
            .where(eq(documentGrants.documentId, id))
            .orderBy(asc(documentGrants.createdAt))
        : await this.db
            .select({ userId: projectGrants.userId, role: projectGrants.role, createdAt: projectGrants.createdAt })
            .from(projectGrants)
            .where(eq(projectGrants.projectId, id))
            .orderBy(asc(projectGrants.createdAt));
    return this.withProfiles(rows);
  }

  /**
   * Invites a registered user by username or email; yourself, or someone with a grant already, is a 409. Every
   * invitation counts towards SHARES_PER_HOUR, found or not: the answer tells whether the login is an account
   * (docs/decisions/0031-hostile-collaboration.md).
   */
  async add(owner: Actor, kind: ShareKind, id: number, input: CreateShare): Promise<Share> {
    const item = await this.item(owner, kind, id, 'owner');
    await this.limits.share(owner.id);
    const invitee = await this.people.findByLogin(input.login);
    if (!invitee) throw notFound(NO_SUCH_USER);
    if (invitee.id === owner.id) throw conflict(SHARE_WITH_SELF);
    const values = { userId: invitee.id, role: input.role };
    const [row] =
      kind === 'document'
        ? await this.db
            .insert(documentGrants)
            .values({ documentId: id, ...values })
            .onConflictDoNothing()
            .returning()
        : await this.db
            .insert(projectGrants)
            .values({ projectId: id, ...values })
            .onConflictDoNothing()
            .returning();
    if (!row) throw conflict(ALREADY_SHARED);
    await this.people.notify({
      userIds: [invitee.id],
      type: 'shared',
      actorName: owner.username ?? '',
      title: 'title' in item ? item.title : item.name,
      ...(kind === 'document' ? { documentId: id } : { projectId: id }),
    });
    return { userId: invitee.id, username: invitee.username, name: invitee.name, role: row.role, createdAt: row.createdAt.toISOString() };
  }

  async update(owner: Owner, kind: ShareKind, id: number, userId: number, role: GrantableRole): Promise<Share> {
    await this.item(owner, kind, id, 'owner');
    const [before] = await this.grants(kind, id, userId);
    if (!before) throw notFound(SHARE_NOT_FOUND);
    const [row] =
      kind === 'document'
        ? await this.db
            .update(documentGrants)
            .set({ role })
            .where(and(eq(documentGrants.documentId, id), eq(documentGrants.userId, userId)))
            .returning()
        : await this.db
            .update(projectGrants)
            .set({ role })
            .where(and(eq(projectGrants.projectId, id), eq(projectGrants.userId, userId)))
            .returning();
    if (!row) throw notFound(SHARE_NOT_FOUND);
    // A weaker role may no longer allow what the user's open realtime sessions do.
    if (before.role === 'editor' && role !== 'editor') await this.announce(kind, id, userId);
    const [share] = await this.withProfiles([row]);
    if (!share) throw notFound(SHARE_NOT_FOUND);
    return share;
  }

  async remove(owner: Owner, kind: ShareKind, id: number, userId: number): Promise<void> {
    await this.item(owner, kind, id, 'owner');
    const deleted =
      kind === 'document'
        ? await this.db
            .delete(documentGrants)
            .where(and(eq(documentGrants.documentId, id), eq(documentGrants.userId, userId)))
            .returning()
        : await this.db
            .delete(projectGrants)
            .where(and(eq(projectGrants.projectId, id), eq(projectGrants.userId, userId)))
            .returning();
    if (deleted.length === 0) throw notFound(SHARE_NOT_FOUND);
    await this.announce(kind, id, userId);
  }

  private grants(kind: ShareKind, id: number, userId: number) {
    return kind === 'document'
      ? this.db
          .select({ role: documentGrants.role })
          .from(documentGrants)
          .where(and(eq(documentGrants.documentId, id), eq(documentGrants.userId, userId)))
      : this.db
          .select({ role: projectGrants.role })
          .from(projectGrants)
          .where(and(eq(projectGrants.projectId, id), eq(projectGrants.userId, userId)));
  }

  private async item(user: Owner | null, kind: ShareKind, id: number, needed: 'viewer' | 'owner') {
    return kind === 'document' ? access.document(this.db, user, id, needed) : access.project(this.db, user, id, needed);
  }

  private announce(kind: ShareKind, id: number, userId: number): Promise<void> {
    return kind === 'document' ? this.revocations.documentGrant(userId, id) : this.revocations.projectGrant(userId, id);
  }

  /** Grants with each user's name; a grant whose user's account is gone is left out. */
  private async withProfiles(rows: GrantRow[]): Promise<Share[]> {
    const profiles = await this.people.profiles(rows.map((r) => r.userId));
    return rows.flatMap((r) => {
      const p = profiles.get(r.userId);
      return p ? [{ userId: r.userId, username: p.username, name: p.name, role: r.role, createdAt: r.createdAt.toISOString() }] : [];
    });
  }
}
