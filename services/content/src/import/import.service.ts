import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { IMPORT_FILES_MAX, IMPORT_MESSAGES, type ImportAnswer } from '@prd/proto';
import type { Owner } from '../access/access.js';
import { DocumentsService } from '../documents/documents.service.js';
import type { Conversion, UploadedFile } from './convert-file.js';
import { ConvertPool } from './convert-pool.js';
import { importTooLarge, invalidImport } from './import-errors.js';

/**
 * Conversions on one thread: content's replicas run on few cores beside the API, and one 1 MB Word file takes about a core
 * for two seconds. Files of other requests wait in a short queue (each request's own files convert one after another),
 * and a file converting for more than a minute is given up. An idle thread exits after 5 s with the converters' heap.
 */
const CONVERSIONS = { workers: 1, maxQueue: 8, timeoutMs: 60_000, idleMs: 5_000 };

/** docs/decisions/0034-document-import.md: files become documents, all of a request or none. */
@Injectable()
export class ImportService implements OnApplicationShutdown {
  readonly conversions = new ConvertPool(CONVERSIONS);

  constructor(private readonly documents: DocumentsService) {}

  /** Converts every file first (one at a time, so only one conversion's intermediate state is held), so a bad file fails the request before anything is created. */
  async convert(files: readonly UploadedFile[], title?: string): Promise<Conversion> {
    const all: Conversion = { documents: [], notes: [] };
    for (const file of files) {
      const { documents, notes } = await this.conversions.convert(file);
      all.documents.push(...documents);
      all.notes.push(...notes);
      if (all.documents.length > IMPORT_FILES_MAX) throw importTooLarge(IMPORT_MESSAGES.tooManyFiles);
    }
    if (title !== undefined) {
      if (all.documents.length !== 1) throw invalidImport(IMPORT_MESSAGES.titleForOne);
      all.documents[0]!.title = title;
    }
    return all;
  }

  onApplicationShutdown(): Promise<void> {
    return this.conversions.close();
  }

  /** Creates the converted documents in one transaction, consuming as many of the owner's monthly documents at once. */
  async create(owner: Owner, projectId: number | null, conversion: Conversion, requestId?: string): Promise<ImportAnswer> {
    const created = await this.documents.createAll(owner, { projectId }, conversion.documents, requestId);
    return {
      documents: created.map(({ id, title, projectId: project, workspaceId, createdAt, updatedAt }) => ({ id, title, projectId: project, workspaceId, createdAt, updatedAt })),
      notes: conversion.notes,
    };
  }
}
