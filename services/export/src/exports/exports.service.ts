import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CONFIG, DB, notFound, rateLimited, REDIS, type ActingUser, type Database } from '@prd/kit';
import { ContentClient, DOCUMENT_NOT_FOUND, EXPORT_CONTENT_TYPES, InternalCallError, type DocumentDto, type ExportFormat, type PdfPageSize } from '@prd/proto';
import type { Config } from '../config.js';
import { exportEvents } from '../db/schema.js';
import type * as tables from '../db/schema.js';
import { ExportPool } from './export-pool.js';
import { exportFileName } from './export-filename.js';

export interface ExportFile {
  fileName: string;
  contentDisposition: string;
  contentType: string;
  body: Buffer;
}

/**
 * A build thread idle this long exits, and with it its heap: a 1 MB export takes the process to about
 * 350–400 MiB resident, which it gives back within seconds of the thread's exit (about 175–215 MiB
 * resident again). Exports in a row reuse the warm thread; the first after a pause starts one (module loading,
 * about 0.1–0.3 s).
 */
const WORKER_IDLE_MS = 5_000;

/** Deletes the user's export claim only if it is still this export's (it may have expired and been retaken). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Builds the Markdown, Word or PDF file of one of the user's documents and records the download. */
@Injectable()
export class ExportsService implements OnApplicationShutdown {
  private readonly builds: ExportPool;
  /** Redis key prefix of the per-user claims, apart per deployment (its database). */
  private readonly claims: string;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.claims = `export:running:${createHash('sha256').update(config.DATABASE_URL).digest('hex').slice(0, 12)}`;
    this.builds = new ExportPool({
      workers: config.EXPORT_WORKERS,
      maxQueue: config.EXPORT_QUEUE_LIMIT,
      timeoutMs: config.EXPORT_TIMEOUT_MS,
      idleMs: WORKER_IDLE_MS,
    });
  }

  /** `size` is the page size of a PDF. */
  async export(user: ActingUser, id: number, format: ExportFormat, requestId: string, size: PdfPageSize = 'a4'): Promise<ExportFile> {
    const document = await this.document(id, user.id, requestId);
    const source = { title: document.title, markdown: document.content };
    const body =
      format === 'markdown'
        ? Buffer.from(document.content, 'utf8')
        : await this.oneAtATime(user.id, () => this.builds.render(format === 'pdf' ? { format, ...source, size } : { format, ...source }));
    await this.db.insert(exportEvents).values({ userId: user.id, documentId: document.id, format, bytes: body.byteLength });
    const { name, contentDisposition } = exportFileName(document.title, format);
    return { fileName: name, contentDisposition, contentType: EXPORT_CONTENT_TYPES[format], body };
  }

  /**
   * One Word or PDF export per user at a time, on every replica (a claim in Redis that outlives no build:
   * it expires with the build's time limit): the few build threads are shared by everyone.
   */
  private async oneAtATime<T>(userId: number, build: () => Promise<T>): Promise<T> {
    const key = `${this.claims}:${userId}`;
    const token = randomUUID();
    const claimed = await this.redis.set(key, token, 'PX', this.config.EXPORT_TIMEOUT_MS + 5_000, 'NX');
    if (claimed !== 'OK') {
      const left = await this.redis.pttl(key);
      throw rateLimited('An export is already in progress. Please wait for it to finish.', left > 0 ? left : 1_000);
    }
    try {
      return await build();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }

  /** The user's own document through content's internal route (docs/decisions/0003-internal-calls.md); anyone else's is not found. */
  private async document(id: number, userId: number, requestId: string): Promise<DocumentDto> {
    const content = new ContentClient({ baseUrl: this.config.CONTENT_URL, token: this.config.INTERNAL_TOKEN, requestId });
    try {
      return await content.getDocument(id, userId);
    } catch (err) {
      if (err instanceof InternalCallError && err.status === 404) throw notFound(DOCUMENT_NOT_FOUND);
      throw err;
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.builds.close();
  }
}
