import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { InternalCallers, InternalGuard, ZodPipe } from '@prd/kit';
import {
  documentParamsSchema,
  internalCreateDocumentSchema,
  internalDiscardDocumentSchema,
  internalSaveContentSchema,
  internalUserQuerySchema,
  type DocumentDto,
  type InternalCreateDocument,
  type InternalSaveContent,
  type InternalUserQuery,
  type SavedDocument,
} from '@prd/proto';
import { authorOf } from './authors.js';
import { DocumentsService } from './documents.service.js';

/** Content's document routes for chat and export (docs/decisions/0003-internal-calls.md, ContentClient): every call names the user it acts for. */
@Controller('internal/documents')
@UseGuards(InternalGuard)
export class DocumentsInternalController {
  constructor(private readonly documents: DocumentsService) {}

  /** The document if the user's role on it is at least `role` (404 without any, 403 too weak): the access check of chat and export. */
  @Get(':id')
  @InternalCallers('chat', 'chat-worker', 'export')
  get(@Param(new ZodPipe(documentParamsSchema)) { id }: { id: number }, @Query(new ZodPipe(internalUserQuerySchema)) { userId, role }: InternalUserQuery): Promise<DocumentDto> {
    return this.documents.get({ id: userId }, id, role);
  }

  /** An access check for chat (`/ws` sessions, document chat) with the role the caller needs; loads no content. */
  @Get(':id/access')
  @InternalCallers('chat')
  async access(
    @Param(new ZodPipe(documentParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(internalUserQuerySchema)) { userId, role }: InternalUserQuery,
  ): Promise<{ id: number }> {
    return { id: await this.documents.check({ id: userId }, id, role) };
  }

  /** An AI or flow edit, merged onto the document from its `base` (docs/decisions/0035-edits-merge.md): the user needs the editor role. */
  @Put(':id/content')
  @InternalCallers('chat-worker')
  save(@Param(new ZodPipe(documentParamsSchema)) { id }: { id: number }, @Body(new ZodPipe(internalSaveContentSchema)) body: InternalSaveContent): Promise<SavedDocument> {
    return this.documents.save({ id: body.userId }, id, { content: body.content, title: body.title, base: body.base }, { source: body.source });
  }

  /** The document flow's creation: consumes one of the user's documents like `POST /api/documents`. */
  @Post()
  @InternalCallers('chat')
  create(@Body(new ZodPipe(internalCreateDocumentSchema)) body: InternalCreateDocument, @Req() request: FastifyRequest): Promise<DocumentDto> {
    return this.documents.create({ id: body.userId }, body, request.id, authorOf(body.source, body.userId));
  }

  /** Undoes a creation whose work then failed (a document flow that could not start): delete and refund. */
  @Post(':id/discard')
  @InternalCallers('chat')
  @HttpCode(204)
  async discard(
    @Param(new ZodPipe(documentParamsSchema)) { id }: { id: number },
    @Body(new ZodPipe(internalDiscardDocumentSchema)) { userId }: { userId: number },
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.documents.discard({ id: userId }, id, request.id);
  }
}
