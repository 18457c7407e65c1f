import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import { documentParamsSchema, EXPORT_REGISTRATION_REQUIRED, exportParamsSchema, pdfExportQuerySchema, type ExportParams, type PdfExportQuery } from '@prd/proto';
import { ExportsService, type ExportFile } from './exports.service.js';

/** The download's headers; its body is the file. */
function send(reply: FastifyReply, file: ExportFile): Buffer {
  void reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.contentDisposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  return file.body;
}

/** Downloads of one of the user's documents. Registered users only (docs/product.md §5, §6). */
@Controller('api/documents/:id/export')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  /** A PDF on A4 or US Letter pages (`?size=`, A4 unless asked). Fastify matches this path before `:format`. */
  @Get('pdf')
  @WithUser({ registered: EXPORT_REGISTRATION_REQUIRED })
  async pdf(
    @Param(new ZodPipe(documentParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(pdfExportQuerySchema)) { size }: PdfExportQuery,
    @CurrentUser() user: ActingUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return send(reply, await this.exports.export(user, id, 'pdf', request.id, size));
  }

  /** `markdown` or `docx`. */
  @Get(':format')
  @WithUser({ registered: EXPORT_REGISTRATION_REQUIRED })
  async export(
    @Param(new ZodPipe(exportParamsSchema)) { id, format }: ExportParams,
    @CurrentUser() user: ActingUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return send(reply, await this.exports.export(user, id, format, request.id));
  }
}
