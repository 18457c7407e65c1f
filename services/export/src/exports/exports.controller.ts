import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import { EXPORT_REGISTRATION_REQUIRED, exportParamsSchema, type ExportParams } from '@prd/proto';
import { ExportsService } from './exports.service.js';

@Controller('api/documents/:id/export')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  /** `markdown` or `docx`: a download of one of the user's documents. Registered users only (docs/product.md §5, §6). */
  @Get(':format')
  @WithUser({ registered: EXPORT_REGISTRATION_REQUIRED })
  async export(
    @Param(new ZodPipe(exportParamsSchema)) params: ExportParams,
    @CurrentUser() user: ActingUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.exports.export(user, params, request.id);
    void reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.contentDisposition)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return file.body;
  }
}
