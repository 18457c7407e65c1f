import { markdownToDocx, type DocxSource } from './markdown-docx.js';

/** Piscina's task (see docx-pool.ts): builds one .docx off the service's event loop. */
export default function buildDocx(source: DocxSource): Promise<Uint8Array> {
  return markdownToDocx(source);
}
