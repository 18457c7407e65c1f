import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { InternalCallers, InternalGuard, Public, ZodPipe } from '@prd/kit';
import { templateParamsSchema, type Template } from '@prd/proto';
import { TemplatesService } from './templates.service.js';

/** The template gallery is the same for everyone, signed in or not. */
@Controller('api/templates')
@Public()
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  list(): Promise<Template[]> {
    return this.templates.list();
  }

  @Get(':id')
  get(@Param(new ZodPipe(templateParamsSchema)) { id }: { id: number }): Promise<Template> {
    return this.templates.get(id);
  }
}

/** The document flow's template read for the chat service (docs/decisions/0003-internal-calls.md, ContentClient.getTemplate). */
@Controller('internal/templates')
@UseGuards(InternalGuard)
@InternalCallers('chat')
export class TemplatesInternalController {
  constructor(private readonly templates: TemplatesService) {}

  @Get(':id')
  get(@Param(new ZodPipe(templateParamsSchema)) { id }: { id: number }): Promise<Template> {
    return this.templates.get(id);
  }
}
