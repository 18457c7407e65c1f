import { diffArrays, diffWordsWithSpace } from 'diff';

/**
 * The diff of two versions of a document (docs/decisions/0035-edits-merge.md): the history panel's and `GET /api/documents/:id/revisions/compare`'s,
 * zod-free so the web client imports it alone (`@prd/proto/text-diff`).
 */

export type DiffKind = 'same' | 'removed' | 'added';

/** One line of a diff from the old text to the new one. */
export interface DiffLine {
  kind: DiffKind;
  text: string;
}

/** A run of a changed line's words: kept, removed or added. */
export interface DiffWord {
  kind: DiffKind;
  text: string;
}

/** Beyond this many edits the texts have little in common: the diff says "all removed, all added". */
const MAX_EDITS = 4_000;

const splitLines = (text: string): string[] => (text === '' ? [] : text.replace(/\r\n/g, '\n').split('\n'));

/** The line diff from `before` to `after` (jsdiff's Myers diff): unchanged, removed and added lines, in reading order. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDITS });
  if (!changes) return [...a.map((text) => ({ kind: 'removed' as const, text })), ...b.map((text) => ({ kind: 'added' as const, text }))];
  return changes.flatMap((change) => {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    return change.value.map((text) => ({ kind, text }));
  });
}

/** A row of the side-by-side view: the old line on the left, the new one on the right (either may be absent). */
export interface SideBySideRow {
  left: DiffLine | null;
  right: DiffLine | null;
}

/** Pairs each run of removed lines with the run of added lines that follows it, line by line. */
export function sideBySide(lines: DiffLine[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.kind === 'same') {
      rows.push({ left: line, right: line });
      i += 1;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (i < lines.length && lines[i]!.kind === 'removed') removed.push(lines[i++]!);
    while (i < lines.length && lines[i]!.kind === 'added') added.push(lines[i++]!);
    for (let j = 0; j < Math.max(removed.length, added.length); j++) rows.push({ left: removed[j] ?? null, right: added[j] ?? null });
  }
  return rows;
}

/** The word diff of a replaced line (the left and right of a side-by-side row): what of it changed. */
export function diffWords(before: string, after: string): DiffWord[] {
  return diffWordsWithSpace(before, after).map((part) => ({ kind: part.added ? 'added' : part.removed ? 'removed' : 'same', text: part.value }));
}

/** How many lines were added and removed. */
export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'added') added += 1;
    else if (line.kind === 'removed') removed += 1;
  }
  return { added, removed };
}
