import { createDocument, type BenchUser } from './api.ts';
import { largeMarkdown } from './large-document.ts';
import { latencies } from './load.ts';

export const EXPORT_MARKDOWN_BYTES = 1024 * 1024;

export interface ExportFigures {
  markdownBytes: number;
  docxBytes: number;
  samples: number;
  medianMs: number;
  maxMs: number;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function exportOnce(url: string, user: BenchUser): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { Cookie: user.cookie } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith(DOCX)) {
    throw new Error(`GET ${new URL(url).pathname} answered ${res.status} ${res.headers.get('content-type')}: ${Buffer.from(body).toString('utf8', 0, 300)}`);
  }
  return { ms, bytes: body.byteLength };
}

/** Slow exports stop the sampling early (after at least two samples) to keep the benchmark short. */
const SAMPLING_BUDGET_MS = 15_000;

/**
 * `GET /api/documents/:id/export/docx` of a 1 MB markdown document, as its registered owner, one at
 * a time, up to `samples` times; the median leaves out the first (cold) run's extra cost.
 */
export async function measureWordExport(base: string, user: BenchUser, samples: number): Promise<ExportFigures> {
  const markdown = largeMarkdown(EXPORT_MARKDOWN_BYTES);
  const { id } = await createDocument(base, user, 'Word export benchmark', markdown);
  const url = `${base}/api/documents/${id}/export/docx`;
  const runs: Array<{ ms: number; bytes: number }> = [];
  const started = performance.now();
  while (runs.length < samples && (runs.length < 2 || performance.now() - started < SAMPLING_BUDGET_MS)) runs.push(await exportOnce(url, user));
  const times = runs.map((r) => r.ms);
  return {
    markdownBytes: Buffer.byteLength(markdown),
    docxBytes: runs[0]!.bytes,
    samples: runs.length,
    medianMs: latencies(times).p50Ms,
    maxMs: Math.max(...times),
  };
}
