import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray } from 'drizzle-orm';
import { DB } from '@prd/kit';
import { DELETED_USER_NAME, type AccountErasureAnswer } from '@prd/proto';
import type { ContentDb } from '../db/database.js';
import { activities, comments, documentGrants, documents, projectGrants, projects, shareLinks } from '../db/schema.js';
import { RevocationsService } from '../shares/revocations.service.js';

/**
 * What a deleted account leaves behind in content (docs/product.md §4): its own documents stay (anonymised,
 * like the account), but nobody reaches them any more — the grants it gave and its share links go — and
 * the grants it received go with it. Its comments stay in the threads others took part in, signed
 * "Deleted user", so the discussion keeps its sense; the same for colleagues' activities it caused.
 */
@Injectable()
export class AccountErasureService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly revocations: RevocationsService,
  ) {}

  async erase(userId: number): Promise<AccountErasureAnswer> {
    const answer = await this.db.transaction(async (tx) => {
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
}
