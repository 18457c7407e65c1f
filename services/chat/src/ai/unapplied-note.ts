import type { UnappliedChange } from '@prd/proto';

const quoted = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/**
 * docs/decisions/0035-edits-merge.md: what the reply says about the passages of its edit that were not applied because
 * people changed them while the AI was writing: their text stayed, and the AI's version is given here, never dropped.
 */
export function unappliedNote(unapplied: readonly UnappliedChange[]): string {
  if (unapplied.length === 0) return '';
  const count = unapplied.length === 1 ? 'one change' : `${unapplied.length} changes`;
  const passages = unapplied.map((change) => quoted(change.suggested || '(this passage removed)')).join('\n\n');
  return `\n\n---\nI couldn't apply ${count} because someone edited the same passage while I was writing; their text stays. My version:\n\n${passages}`;
}
