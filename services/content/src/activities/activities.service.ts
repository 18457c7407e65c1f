import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import { DB } from '@prd/kit';
import { ACTIVITIES_LIMIT, type Activity, type ActivityType } from '@prd/proto';
import { access, type Owner } from '../access/access.js';
import type { ContentDb, Executor } from '../db/database.js';
import { activities } from '../db/schema.js';

export interface ActivitySubject {
  documentId?: number | null;
  projectId?: number | null;
  /** The document's title or the project's name at the time. */
  title: string;
}

@Injectable()
export class ActivitiesService {
  constructor(@Inject(DB) private readonly db: ContentDb) {}

  /**
   * Records an event, inside the caller's transaction. Consecutive updates of one document (the
   * guided flow saves after every answer) collapse into the latest, so they do not crowd the list.
   */
  async record(tx: Executor, owner: Owner, type: ActivityType, subject: ActivitySubject): Promise<void> {
    if (type === 'document_updated' && subject.documentId != null) {
      const [latest] = await tx
        .select({ id: activities.id, type: activities.type, documentId: activities.documentId })
        .from(activities)
        .where(access.activities(owner))
        .orderBy(desc(activities.id))
        .limit(1);
      if (latest && latest.type === type && latest.documentId === subject.documentId) {
        await tx.delete(activities).where(and(access.activities(owner), eq(activities.id, latest.id)));
      }
    }
    await tx.insert(activities).values({
      ownerId: owner.id,
      type,
      documentId: subject.documentId ?? null,
      projectId: subject.projectId ?? null,
      title: subject.title,
    });
  }

  /** The user's most recent events, newest first; none for an anonymous visitor. */
  async list(owner: Owner | null): Promise<Activity[]> {
    const rows = await this.db
      .select()
      .from(activities)
      .where(access.activities(owner))
      .orderBy(desc(activities.id))
      .limit(ACTIVITIES_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      type: r.type as ActivityType,
      documentId: r.documentId,
      projectId: r.projectId,
      title: r.title,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
