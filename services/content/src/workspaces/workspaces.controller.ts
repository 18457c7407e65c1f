import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, InternalCallers, InternalGuard, Public, unauthorized, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  addWorkspaceMemberSchema,
  createWorkspaceSchema,
  internalAddWorkspaceMemberSchema,
  inviteTokenParamsSchema,
  updateWorkspaceMemberSchema,
  updateWorkspaceSchema,
  WORKSPACE_ACCOUNT_REQUIRED,
  workspaceInviteTokenParamsSchema,
  workspaceMemberParamsSchema,
  workspaceParamsSchema,
  type AddWorkspaceMember,
  type CreateWorkspace,
  type InternalAddWorkspaceMember,
  type InvitePreview,
  type UpdateWorkspace,
  type UpdateWorkspaceMember,
  type WorkspaceDto,
  type WorkspaceInvite,
  type WorkspaceMember,
} from '@prd/proto';
import type { Owner } from '../access/access.js';
import { WorkspacesService } from './workspaces.service.js';

type IdParams = { id: number };
type MemberParams = { id: number; userId: number };

/** The policy lets only registered users through, so a user is always present here. */
function registered(user: ActingUser | null): Owner {
  if (!user) throw unauthorized();
  return user;
}

/** Where the invite's page lives: the address the browser used (nginx passes Host and the scheme on). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Workspaces (docs/decisions/0037-workspaces.md) are for registered users: guests and visitors get 403 ACCOUNT_REQUIRED. */
@Controller('api/workspaces')
@WithUser({ registered: WORKSPACE_ACCOUNT_REQUIRED })
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  list(@CurrentUser() user: ActingUser | null): Promise<WorkspaceDto[]> {
    return this.workspaces.list(registered(user));
  }

  @Post()
  create(@CurrentUser() user: ActingUser | null, @Body(new ZodPipe(createWorkspaceSchema)) body: CreateWorkspace): Promise<WorkspaceDto> {
    return this.workspaces.create(registered(user), body);
  }

  @Get(':id')
  get(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(workspaceParamsSchema)) { id }: IdParams): Promise<WorkspaceDto> {
    return this.workspaces.get(registered(user), id);
  }

  @Patch(':id')
  update(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(workspaceParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(updateWorkspaceSchema)) body: UpdateWorkspace,
  ): Promise<WorkspaceDto> {
    return this.workspaces.update(registered(user), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(workspaceParamsSchema)) { id }: IdParams): Promise<void> {
    await this.workspaces.remove(registered(user), id);
  }

  @Get(':id/members')
  members(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(workspaceParamsSchema)) { id }: IdParams): Promise<WorkspaceMember[]> {
    return this.workspaces.members(registered(user), id);
  }

  @Post(':id/members')
  addMember(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(workspaceParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(addWorkspaceMemberSchema)) body: AddWorkspaceMember,
  ): Promise<WorkspaceMember> {
    return this.workspaces.addMember(registered(user), id, body);
  }

  @Patch(':id/members/:userId')
  updateMember(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(workspaceMemberParamsSchema)) p: MemberParams,
    @Body(new ZodPipe(updateWorkspaceMemberSchema)) body: UpdateWorkspaceMember,
  ): Promise<WorkspaceMember> {
    return this.workspaces.updateMember(registered(user), p.id, p.userId, body.role);
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  async removeMember(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(workspaceMemberParamsSchema)) p: MemberParams): Promise<void> {
    await this.workspaces.removeMember(registered(user), p.id, p.userId);
  }

  @Post(':id/invites')
  invite(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(workspaceParamsSchema)) { id }: IdParams, @Req() request: FastifyRequest): Promise<WorkspaceInvite> {
    return this.workspaces.invite(registered(user), id, originOf(request));
  }

  @Delete(':id/invites/:token')
  @HttpCode(204)
  async revokeInvite(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(workspaceInviteTokenParamsSchema)) p: { id: number; token: string }): Promise<void> {
    await this.workspaces.revokeInvite(registered(user), p.id, p.token);
  }
}

/** An invite link's page: anyone may see whose workspace it is; only a registered user joins (guests register first). */
@Controller('api/invites/:token')
export class InvitesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  @Public()
  preview(@Param(new ZodPipe(inviteTokenParamsSchema)) { token }: { token: string }): Promise<InvitePreview> {
    return this.workspaces.preview(token);
  }

  @Post('accept')
  @HttpCode(200)
  @WithUser({ registered: WORKSPACE_ACCOUNT_REQUIRED })
  accept(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(inviteTokenParamsSchema)) { token }: { token: string }): Promise<WorkspaceDto> {
    return this.workspaces.accept(registered(user), token);
  }
}

/** Identity's single sign-on adds its new users to a workspace (OIDC_WORKSPACE; docs/decisions/0003-internal-calls.md). */
@Controller('internal/workspaces')
@UseGuards(InternalGuard)
export class WorkspacesInternalController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Post(':id/members')
  @HttpCode(200)
  @InternalCallers('identity')
  add(
    @Param(new ZodPipe(workspaceParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(internalAddWorkspaceMemberSchema)) { userId }: InternalAddWorkspaceMember,
  ): Promise<WorkspaceDto> {
    return this.workspaces.addByInternal(id, userId);
  }
}
