import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, tokenNameOf, unauthorized, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  listScopeQuerySchema,
  compareQuerySchema,
  createDocumentSchema,
  documentParamsSchema,
  revisionNameSchema,
  revisionParamsSchema,
  updateDocumentSchema,
  type CompareQuery,
  type Comparison,
  type CreateDocument,
  type DocumentDto,
  type DocumentSummary,
  type ListScopeQuery,
  type Revision,
  type RevisionName,
  type SharedDocumentSummary,
  type UpdateDocument,
} from '@prd/proto';
import { tokenAuthor } from './authors.js';
import { etagOf, ifMatchVersions } from './document-version.js';
import { DocumentsService } from './documents.service.js';

type IdParams = { id: number };

@Controller('api/documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  /**
   * The user's own documents, or with `?scope=shared` those others shared with them (with role and owner), or with
   * `?workspace=` a workspace's documents (with role and owner) or the user's Personal ones.
   */
  @Get()
  @WithUser()
  list(
    @CurrentUser() user: ActingUser | null,
    @Query(new ZodPipe(listScopeQuerySchema)) { scope, workspace }: ListScopeQuery,
  ): Promise<DocumentSummary[] | SharedDocumentSummary[]> {
    if (workspace !== undefined) return this.documents.listIn(user, workspace);
    return scope === 'shared' ? this.documents.listShared(user) : this.documents.list(user);
  }

  /** Any query (such as the client's cache-busting `t`) is ignored. The `ETag` is the document's version, for `If-Match`. */
  @Get(':id')
  @WithUser()
  async get(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DocumentDto> {
    const document = await this.documents.get(user, id);
    void reply.header('etag', etagOf(document.version));
    return document;
  }

  /** An anonymous visitor's first document makes them a guest (docs/decisions/0005-users-guests-and-limits.md). */
  @Post()
  @WithUser({ provisionGuest: createDocumentSchema })
  create(@CurrentUser() user: ActingUser | null, @Body(new ZodPipe(createDocumentSchema)) body: CreateDocument, @Req() request: FastifyRequest): Promise<DocumentDto> {
    if (!user) throw unauthorized();
    return this.documents.create(user, body, request.id);
  }

  /**
   * docs/decisions/0035-edits-merge.md: with `If-Match`, only over the version named (else 412 VERSION_CONFLICT, nothing changed).
   * A bearer call's text is its token's (docs/decisions/0018-revisions.md).
   */
  @Patch(':id')
  @WithUser()
  async update(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams,
    @Body(new ZodPipe(updateDocumentSchema)) body: UpdateDocument,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DocumentDto> {
    const token = tokenNameOf(request);
    const expectedVersions = ifMatchVersions(ifMatch);
    const document = await this.documents.update(user, id, expectedVersions ? { ...body, expectedVersions } : body, {
      source: 'user',
      ...(token !== undefined && user ? { author: tokenAuthor(user.id, token) } : {}),
    });
    void reply.header('etag', etagOf(document.version));
    return document;
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

  /** Declared before `:revisionId` routes would be: `compare` is no revision id. */
  @Get(':id/revisions/compare')
  @WithUser()
  compare(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams,
    @Query(new ZodPipe(compareQuerySchema)) query: CompareQuery,
  ): Promise<Comparison> {
    return this.documents.compare(user, id, query);
  }

  @Put(':id/revisions/:revisionId/name')
  @WithUser()
  name(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(revisionParamsSchema)) { id, revisionId }: { id: number; revisionId: number },
    @Body(new ZodPipe(revisionNameSchema)) { name }: RevisionName,
  ): Promise<Revision> {
    return this.documents.nameRevision(user, id, revisionId, name);
  }

  @Delete(':id/revisions/:revisionId/name')
  @WithUser()
  unname(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(revisionParamsSchema)) { id, revisionId }: { id: number; revisionId: number }): Promise<Revision> {
    return this.documents.nameRevision(user, id, revisionId, null);
  }

  @Post(':id/revisions/:revisionId/restore')
  @HttpCode(200)
  @WithUser()
  restore(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(revisionParamsSchema)) { id, revisionId }: { id: number; revisionId: number }): Promise<DocumentDto> {
    return this.documents.restore(user, id, revisionId);
  }
}
