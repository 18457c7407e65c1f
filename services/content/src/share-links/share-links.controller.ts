import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Public, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import { documentParamsSchema, SHARE_ACCOUNT_REQUIRED, shareTokenParamsSchema, type SharedDocument, type ShareLink, type ShareLinkState } from '@prd/proto';
import { ShareLinksService } from './share-links.service.js';

type IdParams = { id: number };

/** Where the link's page lives: the address the browser used (nginx passes Host and the scheme on). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The owner's switch for a document's read-only link; guests do not share (403 ACCOUNT_REQUIRED). */
@Controller('api/documents/:id/share-link')
export class ShareLinkController {
  constructor(private readonly links: ShareLinksService) {}

  @Get()
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  async get(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams): Promise<ShareLinkState> {
    return { link: await this.links.current(user, id) };
  }

  @Post()
  @HttpCode(200)
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  create(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams, @Req() request: FastifyRequest): Promise<ShareLink> {
    return this.links.create(user, id, originOf(request));
  }

  @Delete()
  @HttpCode(204)
  @WithUser({ registered: SHARE_ACCOUNT_REQUIRED })
  async revoke(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(documentParamsSchema)) { id }: IdParams): Promise<void> {
    await this.links.revoke(user, id);
  }
}

/** A shared document as anyone with its link sees it: no session is read or made (no `@WithUser`). */
@Controller('api/share')
@Public()
export class SharedDocumentController {
  constructor(private readonly links: ShareLinksService) {}

  @Get(':token')
  read(@Param(new ZodPipe(shareTokenParamsSchema)) { token }: { token: string }, @Req() request: FastifyRequest): Promise<SharedDocument> {
    return this.links.read(token, request.ip);
  }
}
