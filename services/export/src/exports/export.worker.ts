import { markdownToDocx } from './markdown-docx.js';
import { markdownToPdf } from './markdown-pdf.js';
import type { ExportTask } from './export-pool.js';

/** Piscina's task (see export-pool.ts): builds one .docx or .pdf off the service's event loop. */
export default function buildExport(task: ExportTask): Promise<Uint8Array> {
  return task.format === 'pdf' ? markdownToPdf(task) : markdownToDocx(task);
}
