import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, unauthorized, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  listScopeQuerySchema,
  createDocumentSchema,
  documentParamsSchema,
  revisionParamsSchema,
  updateDocumentSchema,
  type CreateDocument,
  type DocumentDto,
  type DocumentSummary,
  type Revision,
  type SharedDocumentSummary,
  type UpdateDocument,
} from '@prd/proto';
import { DocumentsService } from './documents.service.js';

type IdParams = { id: number };

@Controller('api/documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  /** The user's own documents, or with `?scope=shared` those others shared with them (with role and owner). */
  @Get()
  @WithUser()
  list(
    @CurrentUser() user: ActingUser | null,
    @Query(new ZodPipe(listScopeQuerySchema)) { scope }: { scope?: 'own' | 'shared' },
  ): Promise<DocumentSummary[] | SharedDocumentSummary[]> {
    return scope === 'shared' ? this.documents.listShared(user) : this.documents.list(user);
  }

  /** Any query (such as the client's cache-busting `t`) is ignored. */
  @Get(':id')
  @WithUser()
  get(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams): Promise<DocumentDto> {
    return this.documents.get(user, id);
  }

  /** An anonymous visitor's first document makes them a guest (docs/decisions/0005-users-guests-and-limits.md). */
  @Post()
  @WithUser({ provisionGuest: createDocumentSchema })
  create(@CurrentUser() user: ActingUser | null, @Body(new ZodPipe(createDocumentSchema)) body: CreateDocument, @Req() request: FastifyRequest): Promise<DocumentDto> {
    if (!user) throw unauthorized();
    return this.documents.create(user, body, request.id);
  }

  @Patch(':id')
  @WithUser()
  update(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(updateDocumentSchema)) body: UpdateDocument,
  ): Promise<DocumentDto> {
    return this.documents.update(user, id, body, 'user');
  }

  @Delete(':id')
  @WithUser()
  async remove(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams): Promise<{ id: number }> {
    await this.documents.remove(user, id);
    return { id };
  }

  @Get(':id/revisions')
  @WithUser()
  revisions(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams): Promise<Revision[]> {
    return this.documents.revisions(user, id);
  }

  @Post(':id/revisions/:revisionId/restore')
  @HttpCode(200)
  @WithUser()
  restore(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(revisionParamsSchema)) { id, revisionId }: { id: number; revisionId: number }): Promise<DocumentDto> {
    return this.documents.restore(user, id, revisionId);
  }
}
