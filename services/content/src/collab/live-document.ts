import * as Y from 'yjs';
import { applyMarkdownEdit, documentFragment, markdownToYFragment, yFragmentToMarkdown } from '@prd/doc-model';

/**
 * A document for the server's own reads and writes. Its guid names it only as a subdocument, which it never is:
 * a fixed one spares the 31 random draws of a new UUID, a tenth of an AI save's Yjs work.
 */
const serverDoc = () => new Y.Doc({ guid: 'document' });

/** The markdown of a live document, derived from its structure as the browser's editor writes it (docs/decisions/0039-shared-document-model.md). */
export const markdownOf = (doc: Y.Doc): string => yFragmentToMarkdown(doc);

/** A document whose structure is the model of `markdown`: how a document never opened live begins. */
export function seededDoc(markdown: string): Y.Doc {
  const doc = serverDoc();
  markdownToYFragment(doc, markdown);
  return doc;
}

/**
 * Makes `doc` hold `markdown`, the stored authority: an empty fragment (a document never opened live, or
 * one of the markdown-source era, whose Y.Text is left as it was) is built from it; a fragment whose
 * markdown differs (the markdown was changed without the state, which this service's writers never do) is
 * brought to it by a minimal edit. Returns whether the document changed.
 */
function holdMarkdown(doc: Y.Doc, markdown: string): boolean {
  let changed = false;
  const mark = () => (changed = true);
  doc.on('update', mark);
  if (documentFragment(doc).length === 0) markdownToYFragment(doc, markdown);
  else if (markdownOf(doc) !== markdown) applyMarkdownEdit(doc, markdown);
  doc.off('update', mark);
  return changed;
}

/**
 * The document stored as `state`, or seeded from `markdown` when there is none, converted (docs/decisions/0039-shared-document-model.md)
 * when its state is of the markdown-source era; where they differ the markdown wins. `changed` says
 * whether the state to store differs from the one given.
 */
export function storedDoc(state: Uint8Array | null, markdown: string): { doc: Y.Doc; changed: boolean } {
  const doc = serverDoc();
  if (state) Y.applyUpdate(doc, state);
  const changed = holdMarkdown(doc, markdown);
  return { doc, changed: changed || state === null };
}

/**
 * A change of the stored markdown `from` to `to` made outside the editor (an AI edit, a PATCH, a restore,
 * MCP), applied to the structure as a minimal change, as the new state to store and the update that brings
 * any live copy of the stored state to it: the live document merges it with whatever its editors typed
 * meanwhile. The update is the one the change's own transactions emit, not a second encoding of the whole
 * document against the stored state vector: that cost as much again as the state's own encoding.
 */
export function changeStoredMarkdown(state: Uint8Array | null, from: string, to: string): { state: Uint8Array; update: Uint8Array } {
  const doc = serverDoc();
  if (state) Y.applyUpdate(doc, state);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  // As `storedDoc`: an empty (or markdown-source era) document is built from the stored markdown first, so the change stays minimal.
  if (documentFragment(doc).length === 0) markdownToYFragment(doc, from);
  applyMarkdownEdit(doc, to);
  const result = { state: Y.encodeStateAsUpdate(doc), update: updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates) };
  doc.destroy();
  return result;
}
