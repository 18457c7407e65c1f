import { IMPORT_MESSAGES } from '@prd/proto';
import { invalidImport } from '../import-errors.js';

/** A Markdown or text file's content: UTF-8 (a byte-order mark dropped), line ends made `\n`; anything else (binary, another encoding) is a 400. */
export function decodeText(file: string, data: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw invalidImport(IMPORT_MESSAGES.notText(file));
  }
  if (text.includes('\u0000')) throw invalidImport(IMPORT_MESSAGES.notText(file));
  return text.replace(/\r\n?/g, '\n');
}
