import type { ExportFormat } from '@prd/proto';

const EXTENSIONS: Record<ExportFormat, string> = { markdown: 'md', docx: 'docx' };

/** SPEC §9: the title lowercased with spaces replaced by hyphens, plus the format's extension. */
export const fallbackFileName = (title: string, format: ExportFormat): string =>
  `${title.trim().toLowerCase().replace(/\s+/g, '-') || 'document'}.${EXTENSIONS[format]}`;

/**
 * The name a download should be saved under: the server's `Content-Disposition` (its UTF-8
 * `filename*` first, then `filename`), else the SPEC §9 name built from the title.
 */
export function exportFileName(contentDisposition: string | null, title: string, format: ExportFormat): string {
  if (contentDisposition) {
    const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
    if (extended) {
      try {
        return decodeURIComponent(extended[1]!.trim());
      } catch {
        // A malformed encoding: fall through to the plain name.
      }
    }
    const plain = /filename\s*=\s*"([^"]+)"/i.exec(contentDisposition) ?? /filename\s*=\s*([^;]+)/i.exec(contentDisposition);
    if (plain) return plain[1]!.trim();
  }
  return fallbackFileName(title, format);
}
