import { Controller, Get, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { accountRequired, SessionService, ZodPipe } from '@prd/kit';
import { EXPORT_REGISTRATION_REQUIRED, exportParamsSchema } from '@prd/proto';
import type { z } from 'zod';

@Controller('api/documents/:id/export')
export class ExportsController {
  constructor(private readonly sessions: SessionService) {}

  /** Exports are for registered users only (SPEC §5, §6). */
  @Get(':format')
  async export(@Param(new ZodPipe(exportParamsSchema)) params: z.infer<typeof exportParamsSchema>, @Req() request: FastifyRequest) {
    const { userId } = await this.sessions.get(request);
    if (userId === undefined) throw accountRequired(EXPORT_REGISTRATION_REQUIRED.message, EXPORT_REGISTRATION_REQUIRED.description);
    return params;
  }
}
