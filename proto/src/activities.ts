import { z } from 'zod';

export const ACTIVITY_TYPES = [
  'document_created',
  'document_updated',
  'document_deleted',
  'document_added_to_project',
  'document_removed_from_project',
  'project_created',
  'project_updated',
  'project_deleted',
  'suggestion_accepted',
  'suggestion_rejected',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** `GET /api/activities` answers at most this many of the user's events, newest first. */
export const ACTIVITIES_LIMIT = 50;

/**
 * One event of the user's recent work. `title` is the document's title (or, for project events,
 * the project's name) when it happened; `documentId` and `projectId` may name something since deleted.
 */
export const activitySchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  documentId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  title: z.string(),
  /** The colleague who did it on one of the user's shared items; null when the user did it. */
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
