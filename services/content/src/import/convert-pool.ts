import { Piscina } from 'piscina';
import { AppError, unavailable, workerExecArgv, workerModule } from '@prd/kit';
import { IMPORT_MESSAGES } from '@prd/proto';
import type { Conversion, UploadedFile } from './convert-file.js';
import type { ConvertAnswer } from './convert.worker.js';

export interface ConvertPoolOptions {
  /** Most worker threads converting files at once. */
  workers: number;
  /** Most files waiting for a worker; one more is refused with 503. */
  maxQueue: number;
  /** A file not converted this long after it was asked for (waiting included) is abandoned (piscina ends its thread) and answered with 503. */
  timeoutMs: number;
  /** An idle thread is stopped after this long, so a service at rest holds none (nor the converters' heap). */
  idleMs: number;
}

/** The worker module: convert.worker.js of the built service, or convert.worker.ts from the sources. */
export const CONVERT_WORKER = workerModule(import.meta.url, 'convert.worker');

/**
 * docs/decisions/0034-document-import.md: converts uploaded files (mammoth, turndown, pdf.js, fflate) on piscina's worker
 * threads, so that a large Word file (seconds of CPU) never holds content's event loop, which serves every other route and
 * the live co-editing: threads started on demand, a bounded queue, a time limit per file.
 */
export class ConvertPool {
  private readonly pool: Piscina<UploadedFile, ConvertAnswer>;
  private closed = false;
  private running = 0;

  constructor(
    private readonly options: ConvertPoolOptions,
    filename = CONVERT_WORKER,
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

  /** The file's documents, or the import's refusal (400, 413, 415 naming the file) as the converter gave it. */
  async convert(file: UploadedFile): Promise<Conversion> {
    if (this.closed) throw unavailable(IMPORT_MESSAGES.shuttingDown);
    if (this.pool.queueSize >= this.options.maxQueue) throw unavailable(IMPORT_MESSAGES.busy);
    let answer: ConvertAnswer;
    this.running++;
    try {
      answer = await this.pool.run(file, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (err) {
      throw this.failure(err, file.name);
    } finally {
      this.running--;
    }
    if ('refused' in answer) throw new AppError(answer.refused.status, answer.refused.body);
    return answer.conversion;
  }

  /** Files handed to the threads and not answered yet (converting, or waiting for a thread). */
  get pending(): number {
    return this.running;
  }

  /** Threads currently started (busy or idle). */
  get size(): number {
    return this.pool.threads.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }

  private failure(err: unknown, file: string): Error {
    if (this.closed) return unavailable(IMPORT_MESSAGES.shuttingDown);
    // Duck-typed: an error thrown in the worker thread arrives as a structured clone.
    const { name, message } = typeof err === 'object' && err !== null && 'message' in err ? (err as Error) : { name: '', message: String(err) };
    if (name === 'AbortError') return unavailable(IMPORT_MESSAGES.tookTooLong(file));
    if (message === 'Task queue is at limit') return unavailable(IMPORT_MESSAGES.busy);
    return new Error(`Import conversion failed: ${message}`);
  }
}
