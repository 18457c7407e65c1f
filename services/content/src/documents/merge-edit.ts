import { diffArrays } from 'diff';
import type { UnappliedChange } from '@prd/proto';

/** Lines with their line breaks, so that joining them gives the text back. */
const linesOf = (text: string): string[] => (text === '' ? [] : text.split(/(?<=\n)/));

/** One side's change of the base: lines [start, end) of the base replaced by `lines`. */
interface Hunk {
  side: 'people' | 'edit';
  start: number;
  end: number;
  lines: string[];
}

/** The changes from `base` to `text`, from jsdiff's line diff (Myers: time grows with the changes, not the lines). */
function hunksOf(base: string[], text: string[], side: Hunk['side']): Hunk[] {
  const hunks: Hunk[] = [];
  let at = 0;
  let open: Hunk | null = null;
  for (const part of diffArrays(base, text)) {
    if (!part.added && !part.removed) {
      open = null;
      at += part.value.length;
      continue;
    }
    if (!open) hunks.push((open = { side, start: at, end: at, lines: [] }));
    if (part.removed) open.end = at += part.value.length;
    else open.lines.push(...part.value);
  }
  return hunks;
}

/** Lines [start, end) of the base with `hunks` (one side's, inside that range) applied. */
function applied(base: string[], start: number, end: number, hunks: Hunk[]): string[] {
  const lines: string[] = [];
  let at = start;
  for (const hunk of hunks) {
    lines.push(...base.slice(at, hunk.start), ...hunk.lines);
    at = hunk.end;
  }
  lines.push(...base.slice(at, end));
  return lines;
}

/**
 * docs/decisions/0035-edits-merge.md: applies the change an edit made from `base` (the text it read) to `edited`
 * onto `current` (the document now), a three-way merge of lines, markdown's paragraphs. What people wrote
 * after the base stays. Where they and the edit changed the same passage (or lines next to each other), their
 * text wins and the edit's version of it is returned as unapplied; where both only added text at the same
 * place, both additions stay, people's first. The two diffs are jsdiff's; node-diff3's own diff took 2 s on a
 * 100 kB document of repeated lines, while the row was locked.
 */
export function mergeEdit(current: string, base: string, edited: string): { content: string; unapplied: UnappliedChange[] } {
  if (current === base) return { content: edited, unapplied: [] };
  // A last line without its break would differ from the same line with one after it: every text ends with one while merged.
  const open = !current.endsWith('\n') && !edited.endsWith('\n');
  const close = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  const o = linesOf(close(base));
  const hunks = [...hunksOf(o, linesOf(close(current)), 'people'), ...hunksOf(o, linesOf(close(edited)), 'edit')].sort(
    (x, y) => x.start - y.start || (x.side === y.side ? 0 : x.side === 'people' ? -1 : 1),
  );
  const parts: string[] = [];
  const unapplied: UnappliedChange[] = [];
  let at = 0;
  for (let i = 0; i < hunks.length;) {
    // A group: hunks whose base ranges overlap or touch; the base between groups is unchanged by both.
    const group = [hunks[i]!];
    const start = group[0]!.start;
    let end = group[0]!.end;
    for (i++; i < hunks.length && hunks[i]!.start <= end; i++) {
      group.push(hunks[i]!);
      end = Math.max(end, hunks[i]!.end);
    }
    parts.push(...o.slice(at, start));
    at = end;
    const people = applied(
      o,
      start,
      end,
      group.filter((h) => h.side === 'people'),
    );
    const edit = applied(
      o,
      start,
      end,
      group.filter((h) => h.side === 'edit'),
    );
    const bothChanged = group.some((h) => h.side === 'people') && group.some((h) => h.side === 'edit');
    if (!bothChanged) parts.push(...(group[0]!.side === 'people' ? people : edit));
    else if (people.join('') === edit.join('')) parts.push(...people);
    else if (start === end) parts.push(...people, ...edit);
    else {
      parts.push(...people);
      unapplied.push({ kept: people.join(''), suggested: edit.join('') });
    }
  }
  parts.push(...o.slice(at));
  const merged = parts.join('');
  return { content: open && merged.endsWith('\n') ? merged.slice(0, -1) : merged, unapplied };
}
