import { Worker } from 'node:worker_threads';
import { unavailable } from '@prd/kit';
import type { DocxWorkerReply } from './docx.worker.js';
import type { DocxSource } from './markdown-docx.js';

export interface DocxWorkerPoolOptions {
  /** Most worker threads building documents at once. */
  workers: number;
  /** Most exports waiting for a worker; one more is refused with 503. */
  maxQueue: number;
  /** A build taking longer is abandoned (its worker is replaced) and answered with 503. */
  timeoutMs: number;
  /** An idle worker is stopped after this long, so a service at rest holds none. */
  idleMs: number;
}

interface Job {
  source: DocxSource;
  resolve: (docx: Buffer) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

/**
 * Running TypeScript sources (jest): the worker loads docx.worker.ts with Node's own type stripping,
 * resolving the `.js` specifiers of our sources to their `.ts` files. The built service runs docx.worker.js.
 */
const TYPESCRIPT_WORKER = `
const { registerHooks } = require('node:module');
const { workerData } = require('node:worker_threads');
registerHooks({
  resolve(specifier, context, next) {
    if (!specifier.startsWith('.') || !specifier.endsWith('.js')) return next(specifier, context);
    try {
      return next(specifier, context);
    } catch {
      return next(specifier.slice(0, -3) + '.ts', context);
    }
  },
});
import(workerData.entry);
`;

/** A worker thread running docx.worker, from the built service or from its sources. */
export function spawnDocxWorker(): Worker {
  if (import.meta.url.endsWith('.ts')) {
    return new Worker(TYPESCRIPT_WORKER, { eval: true, workerData: { entry: new URL('./docx.worker.ts', import.meta.url).href } });
  }
  return new Worker(new URL('./docx.worker.js', import.meta.url));
}

/**
 * Builds .docx files on worker threads, so a large document (1 MB of markdown) never holds the
 * service's event loop: a few workers started on demand, a bounded queue, a time limit per build.
 */
export class DocxWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly options: DocxWorkerPoolOptions,
    private readonly spawnWorker: () => Worker = spawnDocxWorker,
  ) {}

  render(source: DocxSource): Promise<Buffer> {
    if (this.closed) return Promise.reject(unavailable('The export service is shutting down, please retry shortly'));
    // Jobs only wait in the queue while every worker is busy.
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(unavailable('Too many exports in progress, please retry shortly'));
    return new Promise((resolve, reject) => {
      this.queue.push({ source, resolve, reject });
      this.dispatch();
    });
  }

  /** Threads currently started (busy or idle). */
  get size(): number {
    return this.idle.length + this.busy.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(unavailable('The export service is shutting down, please retry shortly'));
    const workers = [...this.idle, ...this.busy.keys()];
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.size < this.options.workers ? this.spawn() : undefined);
      if (!worker) return;
      clearTimeout(this.idleTimers.get(worker));
      this.idleTimers.delete(worker);
      worker.ref();
      const job = this.queue.shift() as Job;
      job.timer = setTimeout(() => {
        this.fail(worker, unavailable('The export took too long, please try again'));
        void worker.terminate();
      }, this.options.timeoutMs);
      this.busy.set(worker, job);
      worker.postMessage(job.source);
    }
  }

  private spawn(): Worker {
    const worker = this.spawnWorker();
    worker.on('message', (reply: DocxWorkerReply) => {
      const job = this.take(worker);
      if (!job) return;
      if (reply.ok) job.resolve(Buffer.from(reply.docx.buffer, reply.docx.byteOffset, reply.docx.byteLength));
      else job.reject(new Error(`Word export failed: ${reply.message}`));
      this.release(worker);
    });
    worker.on('error', (err: Error) => this.fail(worker, err));
    worker.on('exit', (code) => this.fail(worker, new Error(`Word export worker stopped (exit code ${code})`)));
    return worker;
  }

  private take(worker: Worker): Job | undefined {
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    clearTimeout(job?.timer);
    return job;
  }

  /** A worker that crashed, stopped or overran: its build fails, it is dropped, the queue moves on. */
  private fail(worker: Worker, err: Error): void {
    this.take(worker)?.reject(err);
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
    if (!this.closed) this.dispatch();
  }

  private release(worker: Worker): void {
    // An idle worker does not keep the process alive.
    worker.unref();
    this.idle.push(worker);
    const timer = setTimeout(() => {
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      this.idleTimers.delete(worker);
      void worker.terminate();
    }, this.options.idleMs);
    timer.unref();
    this.idleTimers.set(worker, timer);
    this.dispatch();
  }
}
