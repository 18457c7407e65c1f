import { Piscina } from 'piscina';
import { AppError, unavailable, workerExecArgv, workerModule } from '@prd/kit';
import type { DocxSource } from './markdown-docx.js';
import type { PdfSource } from './markdown-pdf.js';

/** One file to build: a Word or a PDF file of a document. */
export type ExportTask = ({ format: 'docx' } & DocxSource) | ({ format: 'pdf' } & PdfSource);

export interface ExportPoolOptions {
  /** Most worker threads building documents at once. */
  workers: number;
  /** Most exports waiting for a worker; one more is refused with 503. */
  maxQueue: number;
  /** An export not built this long after it was asked for (waiting included) is abandoned (piscina ends its thread) and answered with 503. */
  timeoutMs: number;
  /** An idle thread is stopped after this long, so a service at rest holds none. */
  idleMs: number;
}

/** The worker module: export.worker.js of the built service, or export.worker.ts from the sources. */
export const EXPORT_WORKER = workerModule(import.meta.url, 'export.worker');

const SHUTTING_DOWN = 'The export service is shutting down, please retry shortly';

/**
 * Builds .docx and .pdf files on piscina's worker threads, so a large document (1 MB of markdown) never holds
 * the service's event loop: threads started on demand, a bounded queue, a time limit per build.
 */
export class ExportPool {
  private readonly pool: Piscina<ExportTask, Uint8Array>;
  private closed = false;

  constructor(
    private readonly options: ExportPoolOptions,
    filename = EXPORT_WORKER,
  ) {
    this.pool = new Piscina({
      filename,
      minThreads: 0,
      maxThreads: options.workers,
      maxQueue: options.maxQueue,
      idleTimeout: options.idleMs,
      ...workerExecArgv(import.meta.url),
    });
  }

  async render(task: ExportTask): Promise<Buffer> {
    if (this.closed) throw unavailable(SHUTTING_DOWN);
    // Exports only wait in the queue while every thread is busy.
    if (this.pool.queueSize >= this.options.maxQueue) throw unavailable('Too many exports in progress, please retry shortly');
    try {
      const file = await this.pool.run(task, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Threads currently started (busy or idle). */
  get size(): number {
    return this.pool.threads.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }

  private failure(err: unknown): Error {
    if (err instanceof AppError) return err;
    if (this.closed) return unavailable(SHUTTING_DOWN);
    // Duck-typed: an error thrown in the worker thread arrives as a structured clone.
    const { name, message } = typeof err === 'object' && err !== null && 'message' in err ? (err as Error) : { name: '', message: String(err) };
    if (name === 'AbortError') return unavailable('The export took too long, please try again');
    if (message === 'Task queue is at limit') return unavailable('Too many exports in progress, please retry shortly');
    if (message.startsWith('worker exited')) return new Error(`Export worker stopped (${message})`);
    return new Error(`Export failed: ${message}`);
  }
}
