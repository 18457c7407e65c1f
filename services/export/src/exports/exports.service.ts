import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, DB, notFound, type ActingUser, type Database } from '@prd/kit';
import { ContentClient, DOCUMENT_NOT_FOUND, EXPORT_CONTENT_TYPES, InternalCallError, type DocumentDto, type ExportParams } from '@prd/proto';
import type { Config } from '../config.js';
import { exportEvents } from '../db/schema.js';
import type * as tables from '../db/schema.js';
import { DocxWorkerPool } from './docx-worker-pool.js';
import { exportFileName } from './export-filename.js';

export interface ExportFile {
  fileName: string;
  contentDisposition: string;
  contentType: string;
  body: Buffer;
}

const WORKER_IDLE_MS = 60_000;

/** Builds the Markdown or Word file of one of the user's documents and records the download. */
@Injectable()
export class ExportsService implements OnApplicationShutdown {
  private readonly docx: DocxWorkerPool;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DB) private readonly db: Database<typeof tables>,
  ) {
    this.docx = new DocxWorkerPool({
      workers: config.EXPORT_WORKERS,
      maxQueue: config.EXPORT_QUEUE_LIMIT,
      timeoutMs: config.EXPORT_TIMEOUT_MS,
      idleMs: WORKER_IDLE_MS,
    });
  }

  async export(user: ActingUser, { id, format }: ExportParams, requestId: string): Promise<ExportFile> {
    const document = await this.document(id, user.id, requestId);
    const body =
      format === 'docx' ? await this.docx.render({ title: document.title, markdown: document.content }) : Buffer.from(document.content, 'utf8');
    await this.db.insert(exportEvents).values({ userId: user.id, documentId: document.id, format, bytes: body.byteLength });
    const { name, contentDisposition } = exportFileName(document.title, format);
    return { fileName: name, contentDisposition, contentType: EXPORT_CONTENT_TYPES[format], body };
  }

  /** The user's own document through content's internal route (D3); anyone else's is not found. */
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
    return this.docx.close();
  }
}
