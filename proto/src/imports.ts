import { z } from 'zod';
import { documentSummarySchema, documentTitle } from './documents.js';
import { idString } from './params.js';

/** `POST /api/documents/import` (docs/decisions/0034-document-import.md): the one route that takes a multipart body. */
export const IMPORT_PATH = '/api/documents/import';
/** The routes whose state-changing requests may carry `multipart/form-data` instead of JSON (the same-origin rule still applies). */
export const MULTIPART_ROUTES: readonly string[] = [IMPORT_PATH];

/** Limits of one import request: per uploaded file, files per request (a zip's markdown files count one each), the whole body. */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_FILES_MAX = 50;
export const IMPORT_REQUEST_MAX_BYTES = 100 * 1024 * 1024;
/** What a zip's markdown files may expand to, together (a zip bomb stops here, before it is inflated). */
export const IMPORT_ZIP_EXPANDED_MAX_BYTES = 100 * 1024 * 1024;

/** The file types an import converts, by extension; a zip holds markdown (or text) files. */
export const IMPORT_EXTENSIONS = ['.md', '.markdown', '.txt', '.docx', '.html', '.htm', '.pdf', '.zip'] as const;
/** What the file picker offers. */
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');

/** The form's text fields: `title` names the document of a one-file import; `projectId` puts every document in that project. */
export const importFieldsSchema = z.object({
  title: documentTitle.optional(),
  projectId: idString('Project id must be a number').optional(),
});
export type ImportFields = z.infer<typeof importFieldsSchema>;

/** The multipart body as the OpenAPI document shows it (the route reads it as a stream and checks it itself). */
export const importFormSchema = z.object({
  file: z.array(z.string().meta({ format: 'binary' })).meta({ description: `One or more files (${IMPORT_EXTENSIONS.join(' ')}), each at most 10 MB, at most ${IMPORT_FILES_MAX}` }),
  title: z.string().optional().meta({ description: 'The title of a one-file import (else the file name)' }),
  projectId: z.string().optional().meta({ description: "The project (of the caller's own) that receives the documents" }),
});

/** The created documents, in the order of the files, and what the conversion could not keep (images dropped, a PDF's guessed headings...). */
export const importAnswerSchema = z.object({
  documents: z.array(documentSummarySchema),
  notes: z.array(z.string()),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

const ACCEPTED = '.md, .markdown, .txt, .docx, .html, .pdf or a .zip of Markdown files';
/** The import's error messages (each names the file it is about) and notes. */
export const IMPORT_MESSAGES = {
  noFiles: 'No file to import: send one or more files in the form field "file"',
  unknownField: (name: string) => `Unknown form field "${name}": send "file", "title" or "projectId"`,
  titleForOne: 'A title names the document of a one-file import: leave it out when importing several',
  tooManyFiles: `Too many files: at most ${IMPORT_FILES_MAX} documents per import`,
  requestTooLarge: `The files together are larger than ${IMPORT_REQUEST_MAX_BYTES / 1024 / 1024} MB`,
  fileTooLarge: (file: string) => `${file}: larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`,
  unsupported: (file: string) => `${file}: this type of file cannot be imported (use ${ACCEPTED})`,
  notText: (file: string) => `${file}: not UTF-8 text`,
  unreadable: (file: string, kind: string) => `${file}: not a readable ${kind} file`,
  passwordProtected: (file: string) => `${file}: the PDF is password-protected`,
  empty: (file: string) => `${file}: no content to import`,
  tooLong: (file: string) => `${file}: longer than 2,000,000 characters once converted`,
  zipWithoutMarkdown: (file: string) => `${file}: holds no Markdown files`,
  zipTooLarge: (file: string) => `${file}: its Markdown files expand to more than ${IMPORT_ZIP_EXPANDED_MAX_BYTES / 1024 / 1024} MB`,
  noteImages: (file: string, count: number) => `${file}: ${count} embedded image${count === 1 ? '' : 's'} not imported`,
  notePdf: (file: string) => `${file}: PDF text imported best effort (headings guessed from font sizes; tables, images and layout are not kept)`,
  noteSkipped: (file: string, count: number) => `${file}: ${count} file${count === 1 ? '' : 's'} other than Markdown skipped`,
  /** 503s of the conversion threads (docs/decisions/0034-document-import.md). */
  busy: 'Too many imports in progress, please retry shortly',
  tookTooLong: (file: string) => `${file}: the conversion took too long, please try again`,
  shuttingDown: 'The service is shutting down, please retry the import shortly',
} as const;
