import { Injectable } from '@nestjs/common';
import { IMPORT_FILES_MAX, IMPORT_MESSAGES, type ImportAnswer } from '@prd/proto';
import type { Owner } from '../access/access.js';
import { DocumentsService } from '../documents/documents.service.js';
import { convertFile, type Conversion, type UploadedFile } from './convert-file.js';
import { importTooLarge, invalidImport } from './import-errors.js';

/** docs/decisions/0034-document-import.md: files become documents, all of a request or none. */
@Injectable()
export class ImportService {
  constructor(private readonly documents: DocumentsService) {}

  /** Converts every file first (one at a time, so only one conversion's intermediate HTML is held), so a bad file fails the request before anything is created. */
  async convert(files: readonly UploadedFile[], title?: string): Promise<Conversion> {
    const all: Conversion = { documents: [], notes: [] };
    for (const file of files) {
      const { documents, notes } = await convertFile(file);
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

  /** Creates the converted documents in one transaction, consuming as many of the owner's monthly documents at once. */
  async create(owner: Owner, projectId: number | null, conversion: Conversion, requestId?: string): Promise<ImportAnswer> {
    const created = await this.documents.createAll(owner, { projectId }, conversion.documents, requestId);
    return {
      documents: created.map(({ id, title, projectId: project, workspaceId, createdAt, updatedAt }) => ({ id, title, projectId: project, workspaceId, createdAt, updatedAt })),
      notes: conversion.notes,
    };
  }
}
