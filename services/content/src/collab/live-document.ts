import { diffChars, diffLines } from 'diff';
import * as Y from 'yjs';

/** The one shared type of a live document: its markdown, as the editor shows it (the client contract). */
export const TEXT_NAME = 'content';

/**
 * jsdiff's cost grows with the square of the changes: lines are diffed first (few tokens), then each
 * replaced run of lines by character; beyond these many changed tokens the run is replaced whole.
 */
const MAX_CHANGED_LINES = 500;
const MAX_CHANGED_CHARS = 200;

interface Part {
  value: string;
  added: boolean;
  removed: boolean;
}

const replaced = (before: string, after: string): Part[] => [
  { value: before, removed: true, added: false },
  { value: after, removed: false, added: true },
];

/** The edits from `before` to `after`: a line diff whose replaced runs are refined by a character diff. */
function edits(before: string, after: string): Part[] {
  const lines: Part[] = diffLines(before, after, { maxEditLength: MAX_CHANGED_LINES }) ?? replaced(before, after);
  const result: Part[] = [];
  for (let i = 0; i < lines.length; i++) {
    const part = lines[i]!;
    const next = lines[i + 1];
    if (part.removed && next?.added) {
      result.push(...(diffChars(part.value, next.value, { maxEditLength: MAX_CHANGED_CHARS }) ?? replaced(part.value, next.value)));
      i++;
    } else result.push(part);
  }
  return result;
}

export const textOf = (doc: Y.Doc): string => doc.getText(TEXT_NAME).toString();

/** Whether `index` falls between the two halves of a surrogate pair (an edit there would break a character). */
const splitsPair = (value: string, index: number): boolean => {
  const code = value.charCodeAt(index);
  return index > 0 && index < value.length && code >= 0xdc00 && code <= 0xdfff;
};

/**
 * Turns the document's text into `next` with a minimal set of inserts and deletes (a character diff
 * of the part between the common start and end), so that what others type meanwhile, anywhere
 * else, stays where they typed it. Runs in one transaction with `origin`.
 */
export function rewriteText(doc: Y.Doc, next: string, origin?: unknown): void {
  const text = doc.getText(TEXT_NAME);
  const current = text.toString();
  if (current === next) return;
  let start = 0;
  const shorter = Math.min(current.length, next.length);
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  if (splitsPair(current, start) || splitsPair(next, start)) start--;
  let end = 0;
  while (end < shorter - start && current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)) end++;
  if (splitsPair(current, current.length - end) || splitsPair(next, next.length - end)) end--;
  const before = current.slice(start, current.length - end);
  const after = next.slice(start, next.length - end);
  doc.transact(() => {
    let index = start;
    for (const part of edits(before, after)) {
      if (part.removed) text.delete(index, part.value.length);
      else if (part.added) {
        text.insert(index, part.value);
        index += part.value.length;
      } else index += part.value.length;
    }
  }, origin);
}

/**
 * A document for the server's own reads and writes. Its guid names it only as a subdocument, which it never is:
 * a fixed one spares the 31 random draws of a new UUID, a tenth of an AI save's Yjs work.
 */
const serverDoc = () => new Y.Doc({ guid: TEXT_NAME });

/** A document whose text is `markdown`: how a document never opened live begins. */
export function seededDoc(markdown: string): Y.Doc {
  const doc = serverDoc();
  doc.getText(TEXT_NAME).insert(0, markdown);
  return doc;
}

/**
 * The document stored as `state`, or seeded from `markdown` when there is none; where they differ
 * (the markdown was changed without the state, which this service's writers never do) the markdown
 * wins. `changed` says whether the state to store differs from the one given.
 */
export function storedDoc(state: Uint8Array | null, markdown: string): { doc: Y.Doc; changed: boolean } {
  if (state === null) return { doc: seededDoc(markdown), changed: true };
  const doc = serverDoc();
  Y.applyUpdate(doc, state);
  const changed = textOf(doc) !== markdown;
  rewriteText(doc, markdown);
  return { doc, changed };
}

/**
 * A change of the stored markdown `from` to `to` made outside the editor (an AI edit, a PATCH, a
 * restore), as the new state to store and the update that brings any live copy of the stored state
 * to it: the live document merges it with whatever its editors typed meanwhile. The update is the
 * one the change's own transactions emit, not a second encoding of the whole document against the
 * stored state vector: that cost as much again as the state's own encoding, and grew with every save.
 */
export function changeStoredText(state: Uint8Array | null, from: string, to: string): { state: Uint8Array; update: Uint8Array } {
  const doc = serverDoc();
  if (state) Y.applyUpdate(doc, state);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  // As `storedDoc`: an empty document is seeded with the stored markdown, which otherwise wins where the state differs.
  if (state) rewriteText(doc, from);
  else doc.getText(TEXT_NAME).insert(0, from);
  rewriteText(doc, to);
  const result = { state: Y.encodeStateAsUpdate(doc), update: updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates) };
  doc.destroy();
  return result;
}
