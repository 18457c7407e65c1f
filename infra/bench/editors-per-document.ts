import { createDocument, nowMs, type BenchUser } from './api.ts';
import { arrival, typingText } from './collab.ts';
import { editorAt, type CostEditor } from './cost.ts';
import { latencies, type Latencies } from './load.ts';

/** One step of the search: so many editors of one document, and how fast a probe edit reached another of them. */
export interface EditorsStep {
  editors: number;
  propagation: Latencies;
  /** Probes never seen within the wait. */
  missing: number;
}

/**
 * The largest number of editors of one document whose edits still reach each other within `limitMs` at
 * p99 (docs/capacity.md): steps of more and more editors through the gateway, all on the document's one
 * replica (docs/decisions/0029-live-documents-on-one-replica.md), every editor but two typing
 * `typingPerSecond` edits a second while one inserts probes and another waits for each. The search stops
 * at the first step past the limit; on this machine the editors' own process shares the two cores, so the
 * figure is a lower bound.
 */
export interface EditorsPerDocumentFigures {
  limitMs: number;
  typingPerSecond: number;
  /** The largest step within the limit, or 0 when the first step already missed it. */
  largestWithin: number;
  steps: EditorsStep[];
}

export interface EditorsPerDocumentSettings {
  steps: readonly number[];
  probesPerStep: number;
  typingPerSecond: number;
  limitMs: number;
}

async function step(base: string, user: BenchUser, documentId: number, editors: number, settings: EditorsPerDocumentSettings): Promise<EditorsStep> {
  const open: CostEditor[] = Array.from({ length: editors }, () => editorAt(base, user, documentId));
  let typing: NodeJS.Timeout | undefined;
  try {
    await Promise.all(open.map((e) => e.synced));
    const [writer, observer, ...typists] = open;
    if (!writer || !observer) throw new Error('needs at least two editors');
    let n = 0;
    typing = setInterval(() => {
      for (const typist of typists) {
        const text = typingText(typist.doc);
        text.insert(text.length, `t${n++} `);
      }
    }, 1000 / settings.typingPerSecond);
    const delays: number[] = [];
    let missing = 0;
    for (let i = 0; i < settings.probesPerStep; i++) {
      const marker = `[probe-${editors}-${i}]`;
      const seen = arrival(observer.doc, marker);
      const sentAt = nowMs();
      typingText(writer.doc).insert(0, marker);
      const at = await seen;
      if (at === null) missing++;
      else delays.push(at - sentAt);
    }
    return { editors, propagation: latencies(delays), missing };
  } finally {
    if (typing) clearInterval(typing);
    for (const e of open) e.close();
  }
}

export async function measureEditorsPerDocument(base: string, user: BenchUser, settings: EditorsPerDocumentSettings): Promise<EditorsPerDocumentFigures> {
  const steps: EditorsStep[] = [];
  let largestWithin = 0;
  for (const editors of settings.steps) {
    // A document of its own per step: the text the previous step typed would make this one's slower.
    const { id } = await createDocument(base, user, `Editors per document: ${editors}`, '# Editors per document\n');
    const result = await step(base, user, id, editors, settings);
    steps.push(result);
    if (result.missing > 0 || result.propagation.p99Ms > settings.limitMs) break;
    largestWithin = editors;
  }
  return { limitMs: settings.limitMs, typingPerSecond: settings.typingPerSecond, largestWithin, steps };
}
