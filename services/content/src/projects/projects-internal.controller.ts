import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { InternalCallers, InternalGuard, ZodPipe } from '@prd/kit';
import { internalUserQuerySchema, projectParamsSchema, type ProjectContext } from '@prd/proto';
import { ProjectsService } from './projects.service.js';

/** Project chat's context for the chat service (D3, ContentClient.getProjectContext). */
@Controller('internal/projects')
@UseGuards(InternalGuard)
@InternalCallers('chat', 'chat-worker')
export class ProjectsInternalController {
  constructor(private readonly projects: ProjectsService) {}

  /** An access check for chat (project chat, `/ws` sessions) that loads no document. */
  @Get(':id/access')
  @InternalCallers('chat')
  async access(
    @Param(new ZodPipe(projectParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(internalUserQuerySchema)) { userId }: { userId: number },
  ): Promise<{ id: number }> {
    return { id: (await this.projects.get({ id: userId }, id)).id };
  }

  @Get(':id/context')
  context(
    @Param(new ZodPipe(projectParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(internalUserQuerySchema)) { userId }: { userId: number },
  ): Promise<ProjectContext> {
    return this.projects.context({ id: userId }, id);
  }
}
