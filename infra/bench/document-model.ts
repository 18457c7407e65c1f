import { applyMarkdownEdit, documentFragment, markdownToYFragment, yFragmentToMarkdown } from '@prd/doc-model';
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { largeMarkdown } from './large-document.ts';
import { latencies, type Latencies } from './load.ts';

/** The size the issue names for the server side of the rich-text editor (docs/decisions/0039-shared-document-model.md). */
export const DOCUMENT_MODEL_BYTES = 100_000;
/** Saves measured before timing starts: the first ones fill the model's cache of parsed block sources. */
const WARMUP_SAVES = 5;

export interface DocumentModelFigures {
  bytes: number;
  /** The markdown derived from the live document after a person typed into one paragraph. */
  derive: Latencies;
  /** An outside edit (one paragraph rewritten, as an AI edit or a PATCH) applied to the live document. */
  apply: Latencies;
}

function timed(action: () => void): number {
  const start = performance.now();
  action();
  return performance.now() - start;
}

/**
 * The content service's work per save of a 100 kB PRD, in this process: deriving the markdown from
 * the Yjs document (after someone typed into a paragraph, so that one block is re-serialized and the
 * others are written back from their sources), and applying an outside edit of one paragraph as a minimal change.
 */
export function measureDocumentModel(saves: number): DocumentModelFigures {
  const markdown = largeMarkdown(DOCUMENT_MODEL_BYTES);
  const doc = new Y.Doc();
  markdownToYFragment(doc, markdown);
  const paragraphs = documentFragment(doc)
    .toArray()
    .filter((node): node is Y.XmlElement => node instanceof Y.XmlElement && node.nodeName === 'paragraph');
  const derive: number[] = [];
  for (let i = 0; i < WARMUP_SAVES + saves; i++) {
    const text = paragraphs[i % paragraphs.length]!.get(0) as Y.XmlText;
    text.insert(0, `Typed ${i}. `);
    const ms = timed(() => yFragmentToMarkdown(doc));
    if (i >= WARMUP_SAVES) derive.push(ms);
  }
  const apply: number[] = [];
  for (let i = 0; i < WARMUP_SAVES + saves; i++) {
    const lines = yFragmentToMarkdown(doc).split('\n');
    const problems = lines.flatMap((line, index) => (line.startsWith('Teams lose') ? [index] : []));
    const target = problems[i % problems.length]!;
    lines[target] = `Teams lose time, as outside edit ${i} says.`;
    const next = lines.join('\n');
    const ms = timed(() => applyMarkdownEdit(doc, next, 'bench'));
    if (i >= WARMUP_SAVES) apply.push(ms);
  }
  return { bytes: markdown.length, derive: latencies(derive), apply: latencies(apply) };
}
