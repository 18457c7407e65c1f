import mammoth from 'mammoth';
import type { Converted } from './html.js';
import { DocxMarkdownWriter, type DocxDocument } from './docx-markdown.js';

/**
 * A Word file as markdown: mammoth reads it (styles, numbering, runs, tables, notes) and hands its document model to
 * `transformDocument`, where our writer makes GFM of it; mammoth is given an empty document back, so it builds no HTML.
 */
export async function docxToMarkdown(data: Buffer): Promise<Converted> {
  let read: DocxDocument | undefined;
  await mammoth.convertToHtml(
    { buffer: data },
    {
      transformDocument: (document: DocxDocument) => {
        read = document;
        return { ...document, children: [] };
      },
    },
  );
  return new DocxMarkdownWriter(read!).convert();
}
