import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { CONFIG, DB, deploymentChannel, LOGGER, REDIS } from '@prd/kit';
import { ACCESS_REVOKED_CHANNEL, type AccessRevokedEvent } from '@prd/proto';
import type { Config } from '../config.js';
import type { ContentDb } from '../db/database.js';
import { documents, projectGrants, workspaceMembers } from '../db/schema.js';

/**
 * Announces lost or weakened access (docs/decisions/0012-sharing-and-roles.md) so that every chat replica closes that user's realtime
 * sockets on the item. Access itself needs no announcement: it is read from the database on every
 * request, so a revoked grant is refused on the very next one.
 */
@Injectable()
export class RevocationsService {
  constructor(
    @Inject(DB) private readonly db: ContentDb,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async documentGrant(userId: number, documentId: number): Promise<void> {
    await this.publish({ userId, documentIds: [documentId], projectId: null });
  }

  async projectGrant(userId: number, projectId: number): Promise<void> {
    const rows = await this.db.select({ id: documents.id }).from(documents).where(eq(documents.projectId, projectId));
    await this.publish({ userId, documentIds: rows.map((r) => r.id), projectId });
  }

  /** A deleted project's members lost its documents (read before the delete: its grants went with it). */
  async projectDeleted(projectId: number, memberIds: number[], documentIds: number[]): Promise<void> {
    await Promise.all(memberIds.map((userId) => this.publish({ userId, documentIds, projectId })));
  }

  /** A document left its project: whoever reached it through the project's grants no longer does. */
  async documentLeftProject(documentId: number, projectId: number): Promise<void> {
    const grantees = await this.db.select({ userId: projectGrants.userId }).from(projectGrants).where(eq(projectGrants.projectId, projectId));
    await Promise.all(grantees.map((g) => this.publish({ userId: g.userId, documentIds: [documentId], projectId: null })));
  }

  /**
   * Documents left a workspace (moved out, or the workspace deleted, read before): its members no longer reach them through
   * it; each one's connections are held to what is left (an owner's or a share's role stays).
   */
  async leftWorkspace(workspaceId: number, documentIds: number[], memberIds?: number[]): Promise<void> {
    const members = memberIds ?? (await this.workspaceMembers(workspaceId));
    await Promise.all(members.map((userId) => this.publish({ userId, documentIds, projectId: null })));
  }

  /** Members who lost or had weakened the workspace's role (removed, left, a weaker default role): on all its documents. */
  async workspaceRoleChanged(workspaceId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    const rows = await this.db.select({ id: documents.id }).from(documents).where(eq(documents.workspaceId, workspaceId));
    const documentIds = rows.map((r) => r.id);
    await Promise.all(userIds.map((userId) => this.publish({ userId, documentIds, projectId: null })));
  }

  private async workspaceMembers(workspaceId: number): Promise<number[]> {
    const rows = await this.db.select({ userId: workspaceMembers.userId }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
    return rows.map((r) => r.userId);
  }

  /** Best effort: the grant is gone already; a lost announcement leaves a socket whose every new request is refused. */
  private async publish(event: AccessRevokedEvent): Promise<void> {
    try {
      await this.redis.publish(deploymentChannel(ACCESS_REVOKED_CHANNEL, this.config), JSON.stringify(event));
    } catch (err) {
      this.logger.warn({ err, userId: event.userId }, 'could not announce a revoked grant');
    }
  }
}
