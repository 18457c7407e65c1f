import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { DB } from '@prd/kit';
import { DELETED_USER_NAME, type AccountErasureAnswer } from '@prd/proto';
import type { ContentTx, ContentDb } from '../db/database.js';
import { activities, comments, documentGrants, documents, projectGrants, projects, shareLinks, workspaceMembers, workspaces } from '../db/schema.js';
import { RevocationsService } from '../shares/revocations.service.js';

/**
 * What a deleted account leaves behind in content (docs/product.md §4): its own documents stay (anonymised,
 * like the account), but nobody reaches them any more — the grants it gave and its share links go — and
 * the grants it received go with it. Its comments stay in the threads others took part in, signed
 * "Deleted user", so the discussion keeps its sense; the same for colleagues' activities it caused.
 * What it owns in a workspace stays the team's (docs/decisions/0037-workspaces.md): it passes to the workspace's oldest
 * other admin (or, with none, its oldest other member, who becomes admin), shares included; a workspace it was alone in
 * goes, its items staying with the rest of the account's own.
 */
@Injectable()
export class AccountErasureService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly revocations: RevocationsService,
  ) {}

  async erase(userId: number): Promise<AccountErasureAnswer> {
    const answer = await this.db.transaction(async (tx) => {
      await this.handOverWorkspaces(tx, userId);
      const ownDocuments = tx.select({ id: documents.id }).from(documents).where(eq(documents.ownerId, userId));
      const ownProjects = tx.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, userId));
      const givenDocumentGrants = await tx
        .delete(documentGrants)
        .where(inArray(documentGrants.documentId, ownDocuments))
        .returning({ userId: documentGrants.userId, documentId: documentGrants.documentId });
      const givenProjectGrants = await tx
        .delete(projectGrants)
        .where(inArray(projectGrants.projectId, ownProjects))
        .returning({ userId: projectGrants.userId, projectId: projectGrants.projectId });
      const received =
        (await tx.delete(documentGrants).where(eq(documentGrants.userId, userId)).returning({ id: documentGrants.documentId })).length +
        (await tx.delete(projectGrants).where(eq(projectGrants.userId, userId)).returning({ id: projectGrants.projectId })).length;
      const links = await tx.delete(shareLinks).where(inArray(shareLinks.documentId, ownDocuments)).returning({ id: shareLinks.documentId });
      const signed = await tx.update(comments).set({ authorName: DELETED_USER_NAME }).where(eq(comments.authorId, userId)).returning({ id: comments.id });
      await tx.update(activities).set({ actorName: DELETED_USER_NAME }).where(eq(activities.actorId, userId));
      return {
        given: { documents: givenDocumentGrants, projects: givenProjectGrants },
        counts: { grantsGiven: givenDocumentGrants.length + givenProjectGrants.length, grantsReceived: received, shareLinks: links.length, comments: signed.length },
      };
    });
    // The colleagues who lost access lose their open realtime sockets on those items too (after the commit, so a reconnect is refused).
    await Promise.all([
      ...answer.given.documents.map((g) => this.revocations.documentGrant(g.userId, g.documentId)),
      ...answer.given.projects.map((g) => this.revocations.projectGrant(g.userId, g.projectId)),
    ]);
    return answer.counts;
  }

  private async handOverWorkspaces(tx: ContentTx, userId: number): Promise<void> {
    const memberships = await tx.delete(workspaceMembers).where(eq(workspaceMembers.userId, userId)).returning({ workspaceId: workspaceMembers.workspaceId });
    for (const { workspaceId } of memberships) {
      const [heir] = await tx
        .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.userId, userId)))
        // 'member' sorts after 'admin': admins first, then the oldest.
        .orderBy(asc(workspaceMembers.role), asc(workspaceMembers.createdAt))
        .limit(1);
      if (!heir) {
        await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
        continue;
      }
      if (heir.role !== 'admin') {
        await tx
          .update(workspaceMembers)
          .set({ role: 'admin' })
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, heir.userId)));
      }
      await tx
        .update(documents)
        .set({ ownerId: heir.userId })
        .where(and(eq(documents.ownerId, userId), eq(documents.workspaceId, workspaceId)));
      await tx
        .update(projects)
        .set({ ownerId: heir.userId })
        .where(and(eq(projects.ownerId, userId), eq(projects.workspaceId, workspaceId)));
    }
  }
}
