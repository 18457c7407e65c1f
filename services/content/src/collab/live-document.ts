import * as Y from 'yjs';
import { applyMarkdownEdit, documentFragment, markdownToYFragment, yFragmentToMarkdown, type NodesOfTypes } from '@prd/doc-model';

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
 * Makes `doc` (a new, empty document) the document stored as `state`, or seeded from `markdown` when there is none, converted
 * (docs/decisions/0039-shared-document-model.md) when its state is of the markdown-source era; where they differ the markdown
 * wins. Returns whether the state to store differs from the one given. It decodes into the document that will be served, not
 * a copy: a second decoding of a 100 kB document's state cost 10-30 ms of every open.
 */
export function loadStored(doc: Y.Doc, state: Uint8Array | null, markdown: string): boolean {
  if (state) Y.applyUpdate(doc, state);
  const changed = holdMarkdown(doc, markdown);
  return changed || state === null;
}

/** What an outside edit changed in the stored live state: the state to store, the update that brings a live copy to it, and its undoing. */
export interface StoredChange {
  state: Uint8Array;
  update: Uint8Array;
  /**
   * Should the change's save fail after a live copy got it (docs/decisions/0045-accept-lands-fast.md): the update that takes it back,
   * and the state to store then, which holds the change and its undoing, as the live copies do.
   */
  undo: () => { update: Uint8Array; state: Uint8Array };
  /** Once the new state is committed: keeps the decoded document for the document's next change (with a `key`). */
  committed: () => void;
}

/**
 * Per document, the server's own decoded copy of the state this replica last committed for it (docs/decisions/0045-accept-lands-fast.md):
 * the next outside edit starts from it instead of decoding the stored state, which was a third of an accepted suggestion's work
 * on a 100 kB document. Stored states only grow (every writer merges the stored state first, under the row lock), so the copy is
 * the stored state or a part of it: what it lacks (a live store, another replica's save) is merged from the stored state's
 * difference to it, about half the cost of a decode; nothing is needed when the stored state is exactly the bytes it was kept with.
 * Only committed states are kept: a change whose save failed never leaves its document here.
 */
const lastCommitted = new Map<number, Decoded & { state: Uint8Array }>();

/**
 * A decoded document and which of its types hold which nodes after its last change: an unchanged block is then known equal by
 * identity, not compared (a third of an outside edit's work on a 100 kB document).
 */
interface Decoded {
  doc: Y.Doc;
  nodes: NodesOfTypes;
}
/** A decoded 100 kB document holds a few MB: a handful of the most recently edited documents per replica. */
const LAST_COMMITTED_MAX = 8;

/**
 * The stored state as a document of the server's own: the copy kept for `key`, brought up to these bytes (its types that this
 * changes are forgotten by the mapping), or a fresh decode.
 */
function decodedState(state: Uint8Array | null, key: number | undefined): Decoded {
  const kept = key === undefined ? undefined : lastCommitted.get(key);
  if (kept) lastCommitted.delete(key!);
  if (kept && state) {
    if (!Buffer.from(state.buffer, state.byteOffset, state.byteLength).equals(kept.state)) {
      const forget = (transaction: Y.Transaction) => {
        for (const type of transaction.changed.keys()) kept.nodes.delete(type);
        for (const type of transaction.changedParentTypes.keys()) kept.nodes.delete(type);
      };
      kept.doc.on('afterTransaction', forget);
      Y.applyUpdate(kept.doc, Y.diffUpdate(state, Y.encodeStateVector(kept.doc)));
      kept.doc.off('afterTransaction', forget);
    }
    return kept;
  }
  kept?.doc.destroy();
  const doc = serverDoc();
  if (state) Y.applyUpdate(doc, state);
  return { doc, nodes: new Map() };
}

function keep(key: number, state: Uint8Array, { doc, nodes }: Decoded): void {
  lastCommitted.get(key)?.doc.destroy();
  lastCommitted.delete(key);
  if (lastCommitted.size >= LAST_COMMITTED_MAX) {
    const [oldest] = lastCommitted;
    lastCommitted.delete(oldest![0]);
    oldest![1].doc.destroy();
  }
  lastCommitted.set(key, { state, doc, nodes });
}

/**
 * A change of the stored markdown `from` to `to` made outside the editor (an AI edit, a PATCH, a restore,
 * MCP, an accepted suggestion), applied to the structure as a minimal change, as the new state to store and the update that brings
 * any live copy of the stored state to it: the live document merges it with whatever its editors typed
 * meanwhile. The update is the one the change's own transactions emit, not a second encoding of the whole
 * document against the stored state vector: that cost as much again as the state's own encoding. With the document's
 * id as `key`, it starts from the document kept at the last committed change, and `committed` keeps this one.
 */
export function changeStoredMarkdown(state: Uint8Array | null, from: string, to: string, key?: number): StoredChange {
  const decoded = decodedState(state, key);
  const { doc, nodes } = decoded;
  const updates: Uint8Array[] = [];
  const collect = (update: Uint8Array) => updates.push(update);
  doc.on('update', collect);
  // As `loadStored`: an empty (or markdown-source era) document is built from the stored markdown first, so the change stays minimal.
  if (documentFragment(doc).length === 0) markdownToYFragment(doc, from);
  applyMarkdownEdit(doc, to, undefined, nodes);
  doc.off('update', collect);
  const update = updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
  // The state to store is encoded when the rows are written, after the update has gone to the live copies.
  let next: Uint8Array | undefined = key === undefined ? Y.encodeStateAsUpdate(doc) : undefined;
  const encoded = () => (next ??= Y.encodeStateAsUpdate(doc));
  if (key === undefined) doc.destroy();
  return {
    get state() {
      return encoded();
    },
    update,
    // From a copy of its own: the document kept stays exactly the committed state.
    undo: () => takeBack(encoded(), from),
    committed: () => (key === undefined ? undefined : keep(key, encoded(), decoded)),
  };
}

/** The minimal change that brings the document stored as `state` back to `markdown` (the undoing of a change a live copy got), and the state after it. */
function takeBack(state: Uint8Array, markdown: string): { update: Uint8Array; state: Uint8Array } {
  const doc = serverDoc();
  Y.applyUpdate(doc, state);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  applyMarkdownEdit(doc, markdown);
  const undone = { update: updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates), state: Y.encodeStateAsUpdate(doc) };
  doc.destroy();
  return undone;
}
