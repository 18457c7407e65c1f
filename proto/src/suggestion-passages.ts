import { diffLines } from 'diff';
import { QUOTE_CONTEXT_MAX } from './text-quote.js';

/** A changed passage of a document, anchored as a suggestion's quote (docs/decisions/0041-suggestions.md). */
export interface ChangedPassage {
  quote: { exact: string; prefix: string; suffix: string };
  replacement: string;
}

/**
 * The passages that differ from `current` to `proposed`, one per changed hunk of jsdiff's line diff (markdown's lines are its
 * paragraphs, list items and headings), each quoted in `current` with up to QUOTE_CONTEXT_MAX characters of context on either
 * side; a pure insertion is an empty quote between its context. Zod-free (`@prd/proto/suggestion-passages`).
 */
export function changedPassages(current: string, proposed: string): ChangedPassage[] {
  const passages: ChangedPassage[] = [];
  let offset = 0;
  let hunk: { start: number; removed: string; added: string } | null = null;
  const close = () => {
    if (!hunk) return;
    const { start, removed, added } = hunk;
    passages.push({
      quote: {
        exact: removed,
        prefix: current.slice(Math.max(0, start - QUOTE_CONTEXT_MAX), start),
        suffix: current.slice(start + removed.length, start + removed.length + QUOTE_CONTEXT_MAX),
      },
      replacement: added,
    });
    hunk = null;
  };
  for (const part of diffLines(current, proposed)) {
    if (!part.added && !part.removed) {
      close();
      offset += part.value.length;
      continue;
    }
    hunk ??= { start: offset, removed: '', added: '' };
    if (part.removed) {
      hunk.removed += part.value;
      offset += part.value.length;
    } else hunk.added += part.value;
  }
  close();
  return passages;
}
