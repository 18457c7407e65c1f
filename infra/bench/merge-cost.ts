import { mergeEdit } from '@prd/content/documents/merge-edit';
import { largeMarkdown } from './large-document.ts';
import { latencies, type Latencies } from './load.ts';

/** docs/decisions/0035-edits-merge.md: what the three-way merge of one AI save costs content, measured in this process. */
export interface MergeFigures {
  documentBytes: number;
  merge: Latencies;
  /** Passages both sides changed, reported to the AI's reply (the scenario has one). */
  unapplied: number;
}

export const MERGE_DOCUMENT_BYTES = 100_000;

/**
 * A 100 kB PRD as the AI read it, the same document after people typed into five of its paragraphs meanwhile, and the
 * AI's answer: one section rewritten (one of the paragraphs people typed into among its lines) and a new section appended.
 */
function scenario(): { base: string; current: string; edited: string } {
  const base = largeMarkdown(MERGE_DOCUMENT_BYTES);
  const lines = base.split('\n');
  const typedAt = [0.1, 0.3, 0.5, 0.7, 0.9].map((share) => lines.findIndex((line, i) => i >= lines.length * share && line.startsWith('Teams lose')));
  const current = lines.map((line, i) => (typedAt.includes(i) ? `${line} People typed this while the AI wrote.` : line)).join('\n');
  const rewritten = lines.findIndex((line, i) => i >= lines.length * 0.5 && line.startsWith('### Goals'));
  const edited = [
    ...lines.slice(0, typedAt[2]),
    'The AI rewrote this paragraph, which people also changed.',
    ...lines.slice(typedAt[2]! + 1, rewritten + 1),
    '',
    '1. Cut the time to an approved PRD by half within one quarter.',
    ...lines.slice(rewritten + 2),
    '## Risks',
    '',
    '- The AI appended this section.',
    '',
  ].join('\n');
  return { base, current, edited };
}

/** `samples` merges of the scenario, one after another, after a few to warm the JIT up as a running service has. */
export function measureMergeCost(samples: number): MergeFigures {
  const { base, current, edited } = scenario();
  for (let i = 0; i < 5; i++) mergeEdit(current, base, edited);
  const times: number[] = [];
  let unapplied = 0;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    unapplied = mergeEdit(current, base, edited).unapplied.length;
    times.push(performance.now() - started);
  }
  return { documentBytes: Buffer.byteLength(base), merge: latencies(times), unapplied };
}
