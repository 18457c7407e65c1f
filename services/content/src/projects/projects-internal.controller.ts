import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { InternalCallers, InternalGuard, ZodPipe } from '@prd/kit';
import { internalUserQuerySchema, projectParamsSchema, type InternalUserQuery, type ProjectContext } from '@prd/proto';
import { ProjectsService } from './projects.service.js';

/** Project chat's context for the chat service (docs/decisions/0003-internal-calls.md, ContentClient.getProjectContext), if the user's role is at least `role`. */
@Controller('internal/projects')
@UseGuards(InternalGuard)
@InternalCallers('chat', 'chat-worker')
export class ProjectsInternalController {
  constructor(private readonly projects: ProjectsService) {}

  /** An access check for chat (project chat, `/ws` sessions) with the role the caller needs; loads no document. */
  @Get(':id/access')
  @InternalCallers('chat')
  async access(
    @Param(new ZodPipe(projectParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(internalUserQuerySchema)) { userId, role }: InternalUserQuery,
  ): Promise<{ id: number }> {
    return { id: await this.projects.check({ id: userId }, id, role) };
  }

  @Get(':id/context')
  context(
    @Param(new ZodPipe(projectParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(internalUserQuerySchema)) { userId, role }: InternalUserQuery,
  ): Promise<ProjectContext> {
    return this.projects.context({ id: userId }, id, role);
  }
}
