import type { ExportFormat } from '@prd/proto';
import { parse } from 'content-disposition';

const EXTENSIONS: Record<ExportFormat, string> = { markdown: 'md', docx: 'docx', pdf: 'pdf' };

/** docs/product.md §9: the title lowercased with spaces replaced by hyphens, plus the format's extension. */
export const fallbackFileName = (title: string, format: ExportFormat): string => `${title.trim().toLowerCase().replace(/\s+/g, '-') || 'document'}.${EXTENSIONS[format]}`;

/**
 * The name a download should be saved under: the server's `Content-Disposition` (its UTF-8
 * `filename*` first, then `filename`), else the docs/product.md §9 name built from the title.
 */
export function exportFileName(contentDisposition: string | null, title: string, format: ExportFormat): string {
  if (contentDisposition) {
    try {
      // The parser decodes `filename*` into `filename` when the header has it.
      const name = parse(contentDisposition).parameters.filename?.trim();
      if (name) return name;
    } catch {
      // A header that does not parse: the name built from the title.
    }
  }
  return fallbackFileName(title, format);
}
