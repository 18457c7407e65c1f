import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, unauthorized, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  createProjectSchema,
  listScopeQuerySchema,
  projectDocumentsQuerySchema,
  projectParamsSchema,
  PROJECTS_ACCOUNT_REQUIRED,
  updateProjectSchema,
  type CreateProject,
  type DocumentDto,
  type ListScopeQuery,
  type ProjectDocumentsQuery,
  type ProjectDto,
  type SharedProjectDto,
  type UpdateProject,
} from '@prd/proto';
import type { Owner } from '../access/access.js';
import { ProjectsService } from './projects.service.js';

type IdParams = { id: number };

/** The guard lets only registered users through, so a user is always present here. */
function registered(user: ActingUser | null): Owner {
  if (!user) throw unauthorized();
  return user;
}

/** Projects are for registered users only (docs/product.md §6): guests and visitors get 403 ACCOUNT_REQUIRED. */
@Controller('api/projects')
@WithUser({ registered: PROJECTS_ACCOUNT_REQUIRED })
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  /** The user's own projects, or with `?scope=shared` those others shared with them (with role and owner), or with `?workspace=` a workspace's. */
  @Get()
  list(@CurrentUser() user: ActingUser | null, @Query(new ZodPipe(listScopeQuerySchema)) { scope, workspace }: ListScopeQuery): Promise<ProjectDto[] | SharedProjectDto[]> {
    if (workspace !== undefined) return this.projects.listIn(registered(user), workspace);
    return scope === 'shared' ? this.projects.listShared(registered(user)) : this.projects.list(registered(user));
  }

  @Post()
  create(@CurrentUser() user: ActingUser | null, @Body(new ZodPipe(createProjectSchema)) body: CreateProject): Promise<ProjectDto> {
    return this.projects.create(registered(user), body);
  }

  @Get(':id')
  get(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(projectParamsSchema)) { id }: IdParams): Promise<ProjectDto> {
    return this.projects.get(registered(user), id);
  }

  @Patch(':id')
  update(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(projectParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(updateProjectSchema)) body: UpdateProject,
  ): Promise<ProjectDto> {
    return this.projects.update(registered(user), id, body);
  }

  @Delete(':id')
  async remove(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(projectParamsSchema)) { id }: IdParams): Promise<{ id: number }> {
    await this.projects.remove(registered(user), id);
    return { id };
  }

  /** One page of the project's documents, most recently updated first; `X-Total-Count` says how many there are. */
  @Get(':id/documents')
  async documents(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(projectParamsSchema)) { id }: IdParams,
    @Query(new ZodPipe(projectDocumentsQuerySchema)) page: ProjectDocumentsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DocumentDto[]> {
    const { documents, total } = await this.projects.documents(registered(user), id, page);
    void reply.header('x-total-count', String(total));
    return documents;
  }
}
