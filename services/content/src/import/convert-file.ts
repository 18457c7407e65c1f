import { DOCUMENT_CONTENT_MAX, IMPORT_MESSAGES } from '@prd/proto';
import { docxToMarkdown } from './converters/docx.js';
import { htmlToMarkdown, type Converted } from './converters/html.js';
import { pdfToMarkdown } from './converters/pdf.js';
import { decodeText } from './converters/text.js';
import { markdownOfZip } from './converters/zip.js';
import { titleFromFileName } from './document-title.js';
import { importTooLarge, invalidImport, unsupportedImport } from './import-errors.js';

export interface UploadedFile {
  /** The name the client gave it (the messages name it). */
  name: string;
  data: Buffer;
}

export interface ImportedDocument {
  title: string;
  content: string;
}

export interface Conversion {
  documents: ImportedDocument[];
  notes: string[];
}

const extensionOf = (name: string) => /\.[^./\\]+$/.exec(name)?.[0].toLowerCase() ?? '';
/** PostgreSQL text cannot hold NUL; a converter's output (a PDF's text) may. */
const storable = (text: string) => text.replaceAll('\u0000', '');

/** A converted file's document, refused when it came out empty or over the document limit. */
function documentOf(file: string, title: string, markdown: string): ImportedDocument {
  const content = storable(markdown);
  if (!content.trim()) throw invalidImport(IMPORT_MESSAGES.empty(file));
  if (content.length > DOCUMENT_CONTENT_MAX) throw importTooLarge(IMPORT_MESSAGES.tooLong(file));
  return { title, content };
}

/** A library's failure to read the file is the file's fault: a 400 naming it. */
async function reading<T>(file: string, kind: string, convert: () => Promise<T>): Promise<T> {
  try {
    return await convert();
  } catch (err) {
    if ((err as Error).name === 'PasswordException') throw invalidImport(IMPORT_MESSAGES.passwordProtected(file));
    throw invalidImport(IMPORT_MESSAGES.unreadable(file, kind));
  }
}

const fromHtml = (file: string, converted: Converted): Conversion => ({
  documents: [documentOf(file, titleFromFileName(file), converted.markdown)],
  notes: converted.droppedImages > 0 ? [IMPORT_MESSAGES.noteImages(file, converted.droppedImages)] : [],
});

/** One uploaded file as the documents it makes (a zip one per Markdown file), by its extension (docs/decisions/0034-document-import.md). */
export async function convertFile({ name, data }: UploadedFile): Promise<Conversion> {
  switch (extensionOf(name)) {
    case '.md':
    case '.markdown':
    case '.txt':
      return { documents: [documentOf(name, titleFromFileName(name), decodeText(name, data))], notes: [] };
    case '.html':
    case '.htm':
      return fromHtml(name, htmlToMarkdown(decodeText(name, data)));
    case '.docx':
      return fromHtml(name, await reading(name, 'Word', () => docxToMarkdown(data)));
    case '.pdf': {
      const markdown = await reading(name, 'PDF', () => pdfToMarkdown(new Uint8Array(data)));
      return { documents: [documentOf(name, titleFromFileName(name), markdown)], notes: [IMPORT_MESSAGES.notePdf(name)] };
    }
    case '.zip': {
      const { entries, skipped } = markdownOfZip(name, data);
      if (entries.length === 0) throw invalidImport(IMPORT_MESSAGES.zipWithoutMarkdown(name));
      const documents = entries.map((entry) => {
        const file = `${name}/${entry.name}`;
        return documentOf(file, titleFromFileName(entry.name), decodeText(file, entry.data));
      });
      return { documents, notes: skipped > 0 ? [IMPORT_MESSAGES.noteSkipped(name, skipped)] : [] };
    }
    default:
      throw unsupportedImport(IMPORT_MESSAGES.unsupported(name));
  }
}
