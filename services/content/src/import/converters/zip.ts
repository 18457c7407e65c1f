import { Unzip, UnzipInflate } from 'fflate';
import { AppError } from '@prd/kit/errors';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MESSAGES, IMPORT_ZIP_EXPANDED_MAX_BYTES } from '@prd/proto';
import { importTooLarge, invalidImport } from '../import-errors.js';

export interface ZipEntry {
  /** The entry's path inside the zip. */
  name: string;
  data: Uint8Array;
}

/** Notion's "Markdown & CSV" export: its pages are the Markdown files; CSVs, images and folders are left out. */
const MARKDOWN = /\.(md|markdown|txt)$/i;
/** Compressed bytes pushed to the inflater at a time: each step can expand to at most about 1000 times this, so a zip bomb is caught within a few MB of its limit. */
const STEP = 16 * 1024;

class TooLarge extends Error {}

/**
 * The Markdown files of a zip, read with fflate's streaming unzip: the inflated bytes are counted as
 * they come (a zip's own size fields may lie), so a zip bomb stops at the limits (each file, and all together) without ever being held.
 */
export function markdownOfZip(file: string, data: Uint8Array): { entries: ZipEntry[]; skipped: number } {
  const entries: ZipEntry[] = [];
  let skipped = 0;
  let total = 0;
  let failed: Error | null = null;
  const unzip = new Unzip((entry) => {
    const base = entry.name.split('/').pop() ?? '';
    if (entry.name.endsWith('/')) return;
    if (!MARKDOWN.test(base) || base.startsWith('.') || entry.name.startsWith('__MACOSX/')) {
      skipped++;
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    entry.ondata = (err, chunk, final) => {
      if (err) throw err;
      size += chunk.length;
      total += chunk.length;
      if (size > IMPORT_FILE_MAX_BYTES) throw importTooLarge(IMPORT_MESSAGES.fileTooLarge(`${file}/${entry.name}`));
      if (total > IMPORT_ZIP_EXPANDED_MAX_BYTES) throw new TooLarge();
      chunks.push(chunk);
      if (final) entries.push({ name: entry.name, data: Buffer.concat(chunks) });
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < data.length; at += STEP) unzip.push(data.subarray(at, at + STEP), at + STEP >= data.length);
  } catch (err) {
    failed = err as Error;
  }
  if (failed instanceof AppError) throw failed;
  if (failed instanceof TooLarge) throw importTooLarge(IMPORT_MESSAGES.zipTooLarge(file));
  if (failed) throw invalidImport(IMPORT_MESSAGES.unreadable(file, 'zip'));
  return { entries, skipped };
}
