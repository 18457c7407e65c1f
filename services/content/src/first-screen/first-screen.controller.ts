import { Controller, Get, Header, Headers, Param } from '@nestjs/common';
import { CurrentUser, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import { storedTextHtml } from '@prd/doc-model/stored-text-html';
import { documentParamsSchema } from '@prd/proto';
import { DocumentsService } from '../documents/documents.service.js';

/**
 * The document page's first screen (docs/decisions/0051-document-first-screen-from-the-server.md): the gateway includes
 * this in the page's prerendered HTML, so a reader's browser paints the document's text before any script has arrived.
 * Not under /api: it is part of a page, which only the gateway's internal include asks for. Access as for
 * `GET /api/documents/{id}` (the one access helper: no grant, or no session, is a 404), which the gateway turns into no text.
 */
@Controller('first-screen/documents')
export class FirstScreenController {
  constructor(private readonly documents: DocumentsService) {}

  @Get(':id')
  @WithUser()
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'private, no-store')
  async storedText(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(documentParamsSchema)) { id }: { id: number },
    @Headers('x-forwarded-proto') proto: string | undefined,
    @Headers('x-forwarded-host') forwardedHost: string | undefined,
    @Headers('host') host: string | undefined,
  ): Promise<string> {
    const document = await this.documents.get(user, id);
    // The page's own origin, as the browser sees it: images there that would call the API are not shown.
    return storedTextHtml(document.content, `${proto ?? 'http'}://${forwardedHost ?? host ?? 'localhost'}`);
  }
}
