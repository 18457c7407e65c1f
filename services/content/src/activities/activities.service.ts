import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DB } from '@prd/kit';
import { ACTIVITIES_LIMIT, type Activity, type ActivityType } from '@prd/proto';
import { access, type Owner } from '../access/access.js';
import type { ContentDb, Executor } from '../db/database.js';
import { activities } from '../db/schema.js';
import { PeopleService } from '../people/people.service.js';

export interface ActivitySubject {
  documentId?: number | null;
  projectId?: number | null;
  /** The document's title or the project's name at the time. */
  title: string;
}

/** Who acts: the session's user (with their username) or a user an internal caller names (id only). */
export interface Actor extends Owner {
  readonly username?: string;
}

@Injectable()
export class ActivitiesService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    private readonly people: PeopleService,
  ) {}

  /**
   * Records an event on one of `owner`'s items, inside the caller's transaction; when a colleague
   * with a grant did it, their name goes with it so the owner sees who. Consecutive updates of one
   * document by the same person (the guided flow saves after every answer) collapse into the latest.
   */
  async record(tx: Executor, owner: Owner, actor: Actor, type: ActivityType, subject: ActivitySubject): Promise<void> {
    if (type === 'document_updated' && subject.documentId != null) {
      const [repeated, recorded] = await this.documentUpdated(tx, owner, actor, { ...subject, documentId: subject.documentId });
      await tx.with(repeated, recorded).select({ id: recorded.id }).from(recorded);
      return;
    }
    await tx.insert(activities).values(await this.row(owner, actor, type, subject));
  }

  /**
   * A document's update as the two data-modifying CTEs that record it: the owner's newest event is deleted when it is
   * this one again, and the new one inserted. Whatever statement carries them (the update of the document itself,
   * `DocumentsService`) records the event without a round trip of its own.
   */
  async documentUpdated(tx: Executor, owner: Owner, actor: Actor, subject: ActivitySubject & { documentId: number }) {
    const row = await this.row(owner, actor, 'document_updated', subject);
    const newest = tx.select({ id: activities.id }).from(activities).where(access.activities(owner)).orderBy(desc(activities.id)).limit(1);
    const repeated = tx.$with('repeated_activity').as(
      tx
        .delete(activities)
        .where(
          and(
            access.activities(owner),
            sql`${activities.id} = (${newest})`,
            eq(activities.type, row.type),
            eq(activities.documentId, subject.documentId),
            row.actorId === null ? isNull(activities.actorId) : eq(activities.actorId, row.actorId),
          ),
        )
        .returning({ id: activities.id }),
    );
    const recorded = tx.$with('recorded_activity').as(tx.insert(activities).values(row).returning({ id: activities.id }));
    return [repeated, recorded] as const;
  }

  private async row(owner: Owner, actor: Actor, type: ActivityType, subject: ActivitySubject) {
    const actorId = actor.id === owner.id ? null : actor.id;
    const actorName = actorId === null ? null : (actor.username ?? (await this.people.profile(actor.id))?.username ?? null);
    return { ownerId: owner.id, actorId, actorName, type, documentId: subject.documentId ?? null, projectId: subject.projectId ?? null, title: subject.title };
  }

  /** The events on the user's own items, newest first; none for an anonymous visitor. */
  async list(owner: Owner | null): Promise<Activity[]> {
    const rows = await this.db.select().from(activities).where(access.activities(owner)).orderBy(desc(activities.id)).limit(ACTIVITIES_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      type: r.type as ActivityType,
      documentId: r.documentId,
      projectId: r.projectId,
      title: r.title,
      actorName: r.actorName,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
