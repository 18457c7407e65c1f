import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { IMPORT_FILE_MAX_BYTES, IMPORT_FILES_MAX } from '@prd/proto';
import { DocumentsModule } from '../documents/documents.module.js';
import { ImportController } from './import.controller.js';
import { ImportService } from './import.service.js';

@Module({
  imports: [DocumentsModule],
  controllers: [ImportController],
  providers: [ImportService],
})
export class ImportModule implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // Queued, not awaited, as collab.server.ts explains. Only the import route takes multipart (kit's same-origin rule refuses it elsewhere).
    void fastify.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: IMPORT_FILES_MAX, fields: 4, fieldSize: 4096, parts: IMPORT_FILES_MAX + 4 },
    });
  }
}
