import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { changeStoredMarkdown, markdownOf, seededDoc } from '@prd/content/collab/live-document';
import { documentFragment } from '@prd/doc-model';
import { largeMarkdown } from './large-document.ts';
import { latencies, type Latencies } from './load.ts';

/** The size the issue names for the server side of the rich-text editor (docs/decisions/0039-shared-document-model.md). */
export const DOCUMENT_MODEL_BYTES = 100_000;
/** Saves measured before timing starts: the first ones fill the model's cache of parsed block sources. */
const WARMUP_SAVES = 5;
/** The document id under which content keeps its last committed copy; no document of this process has it. */
const KEPT_DOCUMENT_KEY = -1;

export interface DocumentModelFigures {
  bytes: number;
  /** A live store: the markdown derived from the live document after a person typed into one paragraph, and its state encoded. */
  derive: Latencies;
  /**
   * An outside edit (one paragraph rewritten, as an AI edit or a PATCH) applied to the stored state: the new state and the update
   * for open editors, from a fresh decode of the stored state (a replica's first outside edit of the document).
   */
  apply: Latencies;
  /** The same, from the copy content keeps of the state it last committed (every later outside edit on that replica). Absent in results saved before it was measured. */
  applyKept?: Latencies;
}

function timed<T>(action: () => T): { ms: number; result: T } {
  const start = performance.now();
  const result = action();
  return { ms: performance.now() - start, result };
}

/**
 * The content service's work per save of a 100 kB PRD, in this process, through the service's own
 * functions (services/content/src/collab/live-document.ts): a live store derives the markdown from the
 * Yjs document (after someone typed into a paragraph, so that one block is re-serialized and the others
 * are written back from their sources) and encodes its state; an outside save (`changeStoredMarkdown`)
 * loads the stored state, applies the edit of one paragraph as a minimal change and encodes state and update: once from a
 * fresh decode, once from the copy kept at the previous save (docs/decisions/0045-accept-lands-fast.md).
 */
export function measureDocumentModel(saves: number): DocumentModelFigures {
  const markdown = largeMarkdown(DOCUMENT_MODEL_BYTES);
  const doc = seededDoc(markdown);
  const paragraphs = documentFragment(doc)
    .toArray()
    .filter((node): node is Y.XmlElement => node instanceof Y.XmlElement && node.nodeName === 'paragraph');
  const derive: number[] = [];
  let stored = markdown;
  for (let i = 0; i < WARMUP_SAVES + saves; i++) {
    const text = paragraphs[i % paragraphs.length]!.get(0) as Y.XmlText;
    text.insert(0, `Typed ${i}. `);
    const { ms, result } = timed(() => {
      const content = markdownOf(doc);
      Y.encodeStateAsUpdate(doc);
      return content;
    });
    stored = result;
    if (i >= WARMUP_SAVES) derive.push(ms);
  }
  let state = Y.encodeStateAsUpdate(doc);
  const outsideEdits = (key: number | undefined): number[] => {
    const times: number[] = [];
    for (let i = 0; i < WARMUP_SAVES + saves; i++) {
      const lines = stored.split('\n');
      const problems = lines.flatMap((line, index) => (line.startsWith('Teams lose') ? [index] : []));
      lines[problems[i % problems.length]!] = `Teams lose time, as outside edit ${i}${key === undefined ? '' : ' (kept)'} says.`;
      const next = lines.join('\n');
      // As the documents service does: the change, its state for the row, then (the row written) the copy kept.
      const { ms, result } = timed(() => {
        const change = changeStoredMarkdown(state, stored, next, key);
        const written = change.state;
        change.committed();
        return { change, written };
      });
      [state, stored] = [result.written, next];
      if (i >= WARMUP_SAVES) times.push(ms);
    }
    return times;
  };
  const apply = outsideEdits(undefined);
  const applyKept = outsideEdits(KEPT_DOCUMENT_KEY);
  return { bytes: markdown.length, derive: latencies(derive), apply: latencies(apply), applyKept: latencies(applyKept) };
}
