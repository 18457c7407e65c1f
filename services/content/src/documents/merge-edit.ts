import { diff3Merge } from 'node-diff3';
import type { UnappliedChange } from '@prd/proto';

/** Lines with their line breaks, so that joining them gives the text back. */
const linesOf = (text: string): string[] => (text === '' ? [] : text.split(/(?<=\n)/));

/**
 * docs/decisions/0035-edits-merge.md: applies the change an edit made from `base` (the text it read) to `edited`
 * onto `current` (the document now), by node-diff3's three-way merge of lines, markdown's paragraphs.
 * What people wrote after the base stays. Where they and the edit changed the same passage, their text
 * wins and the edit's version of it is returned as unapplied; where both only added text at the same
 * place, both additions stay, people's first.
 */
export function mergeEdit(current: string, base: string, edited: string): { content: string; unapplied: UnappliedChange[] } {
  if (current === base) return { content: edited, unapplied: [] };
  // A last line without its break would differ from the same line with one after it: every text ends with one while merged.
  const open = !current.endsWith('\n') && !edited.endsWith('\n');
  const close = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  const parts: string[] = [];
  const unapplied: UnappliedChange[] = [];
  for (const region of diff3Merge(linesOf(close(current)), linesOf(close(base)), linesOf(close(edited)))) {
    if (region.ok) parts.push(...region.ok);
    else if (region.conflict) {
      const { a: people, o: before, b: edit } = region.conflict;
      parts.push(...people);
      if (before.length === 0) parts.push(...edit);
      else unapplied.push({ kept: people.join(''), suggested: edit.join('') });
    }
  }
  const merged = parts.join('');
  return { content: open && merged.endsWith('\n') ? merged.slice(0, -1) : merged, unapplied };
}
