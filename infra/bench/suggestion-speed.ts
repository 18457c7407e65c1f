import * as Y from 'yjs';
import { documentFragment } from '@prd/doc-model';
import { createDocument, nowMs, postJson, type BenchUser } from './api.ts';
import { editorAt } from './cost.ts';
import { largeMarkdown } from './large-document.ts';
import { latencies, type Latencies } from './load.ts';

/** Issue 33's two speed rows: suggestions reaching the asker, and an accepted one reaching every editor. */
export interface SuggestionSpeedFigures {
  /** From the provider sending its first token to the HTTP client (not a painted screen) reading the first `delta` event of `POST /api/documents/{id}/suggestions` through nginx. */
  firstDelta: Latencies & { missing: number };
  /** From sending `POST …/suggestions/{sid}/accept` until every live editor's document holds the replacement. */
  accept: Latencies & { missing: number };
  /** From sending the accept to its own HTTP answer, beside `accept` to tell the save from the live delivery. */
  acceptAnswered: Latencies;
  documentBytes: number;
  editors: number;
}

export interface SuggestionSpeedSettings {
  samples: number;
  /** Live editors of the document, through nginx as browsers open it. */
  editors: number;
  documentBytes: number;
}

interface Decided {
  suggestion: { id: number; replacement: string };
}

const WAIT_MS = 10_000;
const WARMUP = 3;

/** The passage sample `i` asks a suggestion on: a paragraph of its own, which no other probe's text contains. */
export const probePassage = (i: number) => `Accept probe ${i}: this sentence is replaced when its suggestion is accepted.`;

/** A PRD of at least `bytes` with `count` probe paragraphs spread evenly through it, between its sections. */
export function withProbes(bytes: number, count: number): string {
  const sections = largeMarkdown(bytes).split(/(?=^## )/m);
  const every = Math.max(1, Math.floor(sections.length / count));
  const out: string[] = [];
  let placed = 0;
  sections.forEach((section, n) => {
    out.push(section);
    if (placed < count && (n + 1) % every === 0) out.push(`${probePassage(placed++)}\n\n`);
  });
  while (placed < count) out.push(`\n${probePassage(placed++)}\n`);
  return out.join('');
}

/** The moment the first `event: delta` of a Server-Sent Events body was read, and the body's error event if any. */
export function firstDeltaIn(chunks: Array<{ at: number; text: string }>): { at: number | null; error: string | null } {
  let text = '';
  let at: number | null = null;
  for (const chunk of chunks) {
    text += chunk.text;
    if (at === null && text.includes('event: delta\n')) at = chunk.at;
  }
  const error = text.indexOf('event: error\n');
  return { at, error: error >= 0 ? text.slice(error, error + 300) : null };
}

/** Asks for a streamed suggestion on `quote` and returns when the client read the first `delta` (null without one). */
async function streamedSuggestion(base: string, user: BenchUser, documentId: number, instruction: string, quote: string): Promise<number | null> {
  const response = await fetch(`${base}/api/documents/${documentId}/suggestions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Cookie: user.cookie, Origin: base },
    body: JSON.stringify({ instruction, quote: { exact: quote } }),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  if (!response.ok || !response.body) throw new Error(`a streamed POST /api/documents/{id}/suggestions answered ${response.status}`);
  const decoder = new TextDecoder();
  const chunks: Array<{ at: number; text: string }> = [];
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push({ at: nowMs(), text: decoder.decode(read.value, { stream: true }) });
  const { at, error } = firstDeltaIn(chunks);
  if (error) throw new Error(`a streamed suggestion failed: ${error}`);
  return at;
}

/** Resolves with the moment `doc` no longer holds `passage` (the accepted replacement took its place), checking after each update. */
function passageGone(doc: Y.Doc, passage: string): Promise<number> {
  const fragment = documentFragment(doc);
  // The paragraph that holds the passage: checking it alone keeps the check cheap on a 100 kB document.
  const holder = (function find(type: Y.XmlFragment | Y.XmlElement): Y.XmlText | null {
    for (const child of type.toArray()) {
      if (child instanceof Y.XmlText && String(child).includes(passage)) return child;
      const found = child instanceof Y.XmlElement ? find(child) : null;
      if (found) return found;
    }
    return null;
  })(fragment);
  if (!holder) return Promise.reject(new Error(`a live editor's document does not hold "${passage}"`));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('the accepted suggestion did not reach a live editor within 10 s')), WAIT_MS);
    const finish = (err?: Error) => {
      clearTimeout(timer);
      doc.off('update', check);
      if (err) reject(err);
    };
    const check = () => {
      if (!holder._item?.deleted && String(holder).includes(passage)) return;
      const at = nowMs();
      finish();
      resolve(at);
    };
    doc.on('update', check);
  });
}

/**
 * On a document of `documentBytes` with `editors` live editors through nginx (decision 0029 keeps them on the
 * document's replica; the requests reach any replica): per sample, a streamed suggestion on one probe paragraph
 * (the first `delta` after the provider's first token: the benchmark's provider stub notes it by the probe in the
 * instruction), then its accept, timed until every editor's document has the replacement in place of the passage.
 */
export async function measureSuggestionSpeed(base: string, user: BenchUser, stubBase: string, settings: SuggestionSpeedSettings): Promise<SuggestionSpeedFigures> {
  const total = settings.samples + WARMUP;
  const markdown = withProbes(settings.documentBytes, total);
  const { id } = await createDocument(base, user, 'Suggestion benchmark', markdown);
  const editors = Array.from({ length: settings.editors }, () => editorAt(base, user, id));
  try {
    await Promise.all(editors.map((e) => e.synced));
    const deltaTimes: number[] = [];
    const acceptTimes: number[] = [];
    const answerTimes: number[] = [];
    let [noDelta, noAccept] = [0, 0];
    for (let i = 0; i < total; i++) {
      const probe = `suggest-${Date.now().toString(36)}-${i}`;
      const passage = probePassage(i);
      const deltaAt = await streamedSuggestion(base, user, id, `Improve writing bench-probe-${probe}`, passage);
      const { at: tokenAt } = (await (await fetch(`${stubBase}/bench/first-token/${probe}`)).json()) as { at: number | null };
      // The streamed answer's suggestion, as the list gives it (the newest pending one on this passage).
      const { suggestions } = await getJson<{ suggestions: Array<{ id: number; quote: { exact: string }; replacement: string }> }>(
        base,
        user,
        `/api/documents/${id}/suggestions?status=pending`,
      );
      const suggestion = suggestions.find((s) => s.quote.exact === passage);
      if (!suggestion) throw new Error(`no pending suggestion on "${passage}"`);
      const everywhere = Promise.all(editors.map((e) => passageGone(e.doc, passage)));
      const sentAt = nowMs();
      const { suggestion: accepted } = await postJson<Decided>(base, user, `/api/documents/${id}/suggestions/${suggestion.id}/accept`, {}, 200);
      const answeredAt = nowMs();
      const reached = await everywhere.catch(() => null);
      if (reached && !editors.every((e) => documentFragment(e.doc).toString().includes(accepted.replacement.trim()))) {
        throw new Error("a live editor's document lost the passage without holding the replacement");
      }
      if (i < WARMUP) continue;
      if (deltaAt === null || tokenAt === null) noDelta++;
      else deltaTimes.push(deltaAt - tokenAt);
      answerTimes.push(answeredAt - sentAt);
      if (reached === null) noAccept++;
      else acceptTimes.push(Math.max(...reached) - sentAt);
    }
    if (deltaTimes.length === 0) throw new Error('no delta event arrived (every suggestion came whole)');
    if (acceptTimes.length === 0) throw new Error('no accepted suggestion reached the live editors');
    return {
      firstDelta: { ...latencies(deltaTimes), missing: noDelta },
      accept: { ...latencies(acceptTimes), missing: noAccept },
      acceptAnswered: latencies(answerTimes),
      documentBytes: Buffer.byteLength(markdown),
      editors: settings.editors,
    };
  } finally {
    for (const editor of editors) editor.close();
  }
}

async function getJson<T>(base: string, user: BenchUser, route: string): Promise<T> {
  const res = await fetch(`${base}${route}`, { headers: { Cookie: user.cookie, Origin: base } });
  if (res.status !== 200) throw new Error(`GET ${route} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}
