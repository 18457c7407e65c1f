import { Controller, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ActingUserService, CurrentUser, unauthorized, WithUser, type ActingUser } from '@prd/kit';
import type { ImportAnswer } from '@prd/proto';
import { readImportForm } from './import-form.js';
import { ImportService } from './import.service.js';

/** The form was read and every file converted before a guest is made: a rejected import mints none. */
const CONVERTED = z.unknown();

@Controller('api/documents')
export class ImportController {
  constructor(
    private readonly imports: ImportService,
    private readonly users: ActingUserService,
  ) {}

  /** An anonymous visitor's import makes them a guest, as their first document does (docs/decisions/0005-users-guests-and-limits.md). */
  @Post('import')
  @WithUser()
  async import(@CurrentUser() user: ActingUser | null, @Req() request: FastifyRequest): Promise<ImportAnswer> {
    const form = await readImportForm(request);
    const conversion = await this.imports.convert(form.files, form.fields.title);
    const owner = user ?? (await this.users.resolve(request, { provisionGuest: CONVERTED }));
    if (!owner) throw unauthorized();
    return this.imports.create(owner, form.fields.projectId ?? null, conversion, request.id);
  }
}
