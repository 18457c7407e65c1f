import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { CurrentUser, InternalCallers, InternalGuard, unauthorized, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  createTemplateSchema,
  internalUserQuerySchema,
  templateParamsSchema,
  TEMPLATES_ACCOUNT_REQUIRED,
  updateTemplateSchema,
  type CreateTemplate,
  type InternalUserQuery,
  type Template,
  type UpdateTemplate,
} from '@prd/proto';
import type { Owner } from '../access/access.js';
import { TemplatesService } from './templates.service.js';

/** The policy lets only registered users through, so a user is always present here. */
function registered(user: ActingUser | null): Owner {
  if (!user) throw unauthorized();
  return user;
}

/** The gallery: the built-in templates for everyone, signed in or not, and a user's own and their workspaces' beside them. */
@Controller('api/templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @WithUser()
  list(@CurrentUser() user: ActingUser | null): Promise<Template[]> {
    return this.templates.list(user);
  }

  @Get(':id')
  @WithUser()
  get(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(templateParamsSchema)) { id }: { id: number }): Promise<Template> {
    return this.templates.get(user, id);
  }

  @Post()
  @WithUser({ registered: TEMPLATES_ACCOUNT_REQUIRED })
  create(@CurrentUser() user: ActingUser | null, @Body(new ZodPipe(createTemplateSchema)) body: CreateTemplate): Promise<Template> {
    return this.templates.create(registered(user), body);
  }

  @Patch(':id')
  @WithUser({ registered: TEMPLATES_ACCOUNT_REQUIRED })
  update(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(templateParamsSchema)) { id }: { id: number },
    @Body(new ZodPipe(updateTemplateSchema)) body: UpdateTemplate,
  ): Promise<Template> {
    return this.templates.update(registered(user), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @WithUser({ registered: TEMPLATES_ACCOUNT_REQUIRED })
  async remove(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(templateParamsSchema)) { id }: { id: number }): Promise<void> {
    await this.templates.remove(registered(user), id);
  }
}

/** The document flow's template read for the chat service (docs/decisions/0003-internal-calls.md, ContentClient.getTemplate), for the user it names. */
@Controller('internal/templates')
@UseGuards(InternalGuard)
@InternalCallers('chat')
export class TemplatesInternalController {
  constructor(private readonly templates: TemplatesService) {}

  @Get(':id')
  get(@Param(new ZodPipe(templateParamsSchema)) { id }: { id: number }, @Query(new ZodPipe(internalUserQuerySchema)) { userId }: InternalUserQuery): Promise<Template> {
    return this.templates.get({ id: userId }, id);
  }
}
