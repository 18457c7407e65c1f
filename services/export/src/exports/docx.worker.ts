import { parentPort } from 'node:worker_threads';
import { markdownToDocx, type DocxSource } from './markdown-docx.js';

/** One answer per message: the .docx bytes, or why they could not be built. */
export type DocxWorkerReply = { ok: true; docx: Uint8Array } | { ok: false; message: string };

// Builds .docx files off the event loop of the service (see docx-renderer.ts), one at a time.
parentPort?.on('message', (source: DocxSource) => {
  markdownToDocx(source).then(
    (docx) => parentPort?.postMessage({ ok: true, docx } satisfies DocxWorkerReply),
    (err: unknown) => parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies DocxWorkerReply),
  );
});
