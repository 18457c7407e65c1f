import { createDocument, type BenchUser } from './api.ts';
import { largeMarkdown } from './large-document.ts';
import { latencies } from './load.ts';

export const EXPORT_MARKDOWN_BYTES = 1024 * 1024;

export interface ExportFigures {
  markdownBytes: number;
  /** The size of the file built (named for the Word export, the first measured). */
  docxBytes: number;
  samples: number;
  medianMs: number;
  maxMs: number;
}

/** The built files the benchmark downloads: their route under the document and their content type. */
const FILES = {
  docx: { path: 'export/docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', title: 'Word export benchmark' },
  pdf: { path: 'export/pdf?size=a4', contentType: 'application/pdf', title: 'PDF export benchmark' },
} as const;
export type BuiltFormat = keyof typeof FILES;

async function exportOnce(url: string, user: BenchUser, contentType: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { Cookie: user.cookie } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith(contentType)) {
    throw new Error(`GET ${new URL(url).pathname} answered ${res.status} ${res.headers.get('content-type')}: ${Buffer.from(body).toString('utf8', 0, 300)}`);
  }
  return { ms, bytes: body.byteLength };
}

/** Slow exports stop the sampling early (after at least two samples) to keep the benchmark short. */
const SAMPLING_BUDGET_MS = 15_000;

/**
 * `GET /api/documents/:id/export/docx` or `…/export/pdf` of a 1 MB markdown document, as its
 * registered owner, one at a time, up to `samples` times; the median leaves out the first (cold) run's extra cost.
 */
export async function measureExport(base: string, user: BenchUser, samples: number, format: BuiltFormat): Promise<ExportFigures> {
  const file = FILES[format];
  const markdown = largeMarkdown(EXPORT_MARKDOWN_BYTES);
  const { id } = await createDocument(base, user, file.title, markdown);
  const url = `${base}/api/documents/${id}/${file.path}`;
  const runs: Array<{ ms: number; bytes: number }> = [];
  const started = performance.now();
  while (runs.length < samples && (runs.length < 2 || performance.now() - started < SAMPLING_BUDGET_MS)) runs.push(await exportOnce(url, user, file.contentType));
  const times = runs.map((r) => r.ms);
  return {
    markdownBytes: Buffer.byteLength(markdown),
    docxBytes: runs[0]!.bytes,
    samples: runs.length,
    medianMs: latencies(times).p50Ms,
    maxMs: Math.max(...times),
  };
}
