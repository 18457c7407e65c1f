import { createDocument, type BenchUser } from './api.ts';
import { EXPORT_MARKDOWN_BYTES } from './document-export.ts';
import { largeMarkdown } from './large-document.ts';
import { latencies } from './load.ts';

export interface ImportFigures {
  /** The markdown the Word file was made from, and the Word file's own size (zip-compressed). */
  markdownBytes: number;
  docxBytes: number;
  /** The markdown the import made of it. */
  importedBytes: number;
  samples: number;
  medianMs: number;
  maxMs: number;
}

/** Slow imports stop the sampling early (after at least two samples) to keep the benchmark short. */
const SAMPLING_BUDGET_MS = 20_000;

/**
 * `POST /api/documents/import` of a Word file holding 1 MB of markdown's text, as its registered owner, one at a time, up to
 * `samples` times (each makes a document); the median leaves out the first (cold) run's extra cost. The Word file is the
 * product's own Word export of the benchmark's 1 MB document: every construct a PRD has, written as the `docx` library writes
 * Word files (the import tests' corpus makes its files with the same library).
 */
export async function measureDocxImport(base: string, user: BenchUser, samples: number): Promise<ImportFigures> {
  const markdown = largeMarkdown(EXPORT_MARKDOWN_BYTES);
  const { id } = await createDocument(base, user, 'Word import benchmark', markdown);
  const exported = await fetch(`${base}/api/documents/${id}/export/docx`, { headers: { Cookie: user.cookie } });
  if (exported.status !== 200) throw new Error(`the Word export answered ${exported.status}: ${(await exported.text()).slice(0, 300)}`);
  const docx = await exported.blob();
  const times: number[] = [];
  let importedBytes = 0;
  const started = performance.now();
  while (times.length < samples && (times.length < 2 || performance.now() - started < SAMPLING_BUDGET_MS)) {
    const form = new FormData();
    form.append('file', docx, 'Word import benchmark.docx');
    const sent = performance.now();
    const res = await fetch(`${base}/api/documents/import`, { method: 'POST', headers: { Cookie: user.cookie, Origin: base }, body: form });
    const body = await res.text();
    times.push(performance.now() - sent);
    if (res.status !== 201) throw new Error(`POST /api/documents/import answered ${res.status}: ${body.slice(0, 300)}`);
    const [document] = (JSON.parse(body) as { documents: Array<{ id: number }> }).documents;
    const imported = await fetch(`${base}/api/documents/${document?.id}`, { headers: { Cookie: user.cookie } });
    importedBytes = Buffer.byteLength(((await imported.json()) as { content: string }).content);
  }
  return {
    markdownBytes: Buffer.byteLength(markdown),
    docxBytes: docx.size,
    importedBytes,
    samples: times.length,
    medianMs: latencies(times).p50Ms,
    maxMs: Math.max(...times),
  };
}
