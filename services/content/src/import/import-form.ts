import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { ZodPipe } from '@prd/kit';
import { IMPORT_MESSAGES, IMPORT_REQUEST_MAX_BYTES, importFieldsSchema, type ImportFields } from '@prd/proto';
import type { UploadedFile } from './convert-file.js';
import { importTooLarge, invalidImport, unsupportedImport } from './import-errors.js';

export interface ImportForm {
  fields: ImportFields;
  files: UploadedFile[];
}

const FIELDS = new Set(['title', 'projectId']);

/** @fastify/multipart's limits (set where the plugin is registered) as the import's own answers. */
function refusal(err: unknown, file: string | undefined): Error {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return importTooLarge(IMPORT_MESSAGES.fileTooLarge(file ?? 'A file'));
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return importTooLarge(IMPORT_MESSAGES.tooManyFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return invalidImport('Too many or invalid form fields: send "file", "title" or "projectId"');
    default:
      return err instanceof Error && 'status' in err ? err : invalidImport('The upload was cut off or is not a valid multipart form');
  }
}

/**
 * Reads `POST /api/documents/import`'s multipart form: its files (each held in memory up to the per-file
 * limit, all together up to the request limit) and its text fields, validated by proto's schema.
 */
export async function readImportForm(request: FastifyRequest): Promise<ImportForm> {
  if (!request.isMultipart()) throw unsupportedImport('Send the files as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  let current: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!FIELDS.has(part.fieldname)) throw invalidImport(IMPORT_MESSAGES.unknownField(part.fieldname));
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw invalidImport(IMPORT_MESSAGES.unknownField(part.fieldname));
      current = part.filename || 'A file';
      const data = await part.toBuffer();
      total += data.length;
      if (total > IMPORT_REQUEST_MAX_BYTES) throw importTooLarge(IMPORT_MESSAGES.requestTooLarge);
      files.push({ name: current, data });
      current = undefined;
    }
  } catch (err) {
    throw refusal(err, current);
  }
  if (files.length === 0) throw invalidImport(IMPORT_MESSAGES.noFiles);
  return { fields: new ZodPipe(importFieldsSchema).transform(fields), files };
}
