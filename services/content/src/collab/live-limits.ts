import { IncomingMessage, MessageType } from '@hocuspocus/server';
import * as Y from 'yjs';
import { documentSchema, FRAGMENT_NAME } from '@prd/doc-model';
import { COLLAB_PRESENCE_MAX_BYTES, DOCUMENT_CONTENT_MAX } from '@prd/proto';

/**
 * What a live document holds, as its limits count it (docs/decisions/0032-live-editing-limits-and-presence.md):
 * `characters`, its text plus one per element (the least markdown each node writes: a line break or its
 * syntax), at most DOCUMENT_CONTENT_MAX; `attributes`, the characters of its nodes' and marks' attributes
 * (each block's markdown source, link targets, image sources), at most twice that.
 */
export interface LiveSize {
  characters: number;
  attributes: number;
}

export const LIVE_ATTRIBUTES_MAX = 2 * DOCUMENT_CONTENT_MAX;

const ELEMENTS = new Set(Object.keys(documentSchema.nodes).filter((name) => name !== documentSchema.topNodeType.name && name !== 'text'));
const MARKS = new Set(Object.keys(documentSchema.marks));
/** y-tiptap names a mark that may overlap itself with a hash suffix. */
const markName = (key: string): string => key.replace(/--[a-zA-Z0-9+/=]{8}$/, '');

/** The characters of an attribute's value: plain JSON only (strings, numbers, booleans, null, arrays, objects); null for anything else. */
function valueSize(value: unknown): number | null {
  if (value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return 0;
  if (typeof value === 'string') return value.length;
  const parts = Array.isArray(value) ? value : value?.constructor === Object ? Object.entries(value).flat() : null;
  if (!parts) return null;
  let size = 0;
  for (const part of parts) {
    const one = valueSize(part);
    if (one === null) return null;
    size += one;
  }
  return size;
}

/** Where an item stands: the fragment's top level, an element's children or attributes, a text; or outside the document. */
type Place = 'fragment' | 'element' | 'attribute' | 'text' | 'foreign' | 'gone';

function placeIn(type: unknown, parentSub: string | null, fragment: Y.XmlFragment): Place {
  if (type instanceof Y.XmlText) return parentSub === null ? 'text' : 'foreign';
  if (type instanceof Y.XmlElement) return parentSub === null ? 'element' : 'attribute';
  return type === fragment && parentSub === null ? 'fragment' : 'foreign';
}

type Content = Y.Item['content'];

/** Whether the editor sends `content` at `place`: elements of the schema, texts in elements, strings and marks in texts, plain attributes. */
function allowed(content: Content, place: Place): boolean {
  if (place === 'gone') return true; // integrated as garbage: what it followed was deleted and collected
  if (content instanceof Y.ContentDeleted) return place !== 'foreign';
  switch (place) {
    case 'fragment':
    case 'element':
      if (content instanceof Y.ContentType && content.type instanceof Y.XmlElement) return ELEMENTS.has(content.type.nodeName);
      return place === 'element' && content instanceof Y.ContentType && content.type instanceof Y.XmlText;
    case 'attribute':
      return content instanceof Y.ContentAny && valueSize(content.arr) !== null;
    case 'text':
      return content instanceof Y.ContentString || (content instanceof Y.ContentFormat && MARKS.has(markName(content.key)) && valueSize(content.value) !== null);
    default:
      return false;
  }
}

/** Adds what `content` holds to `size`. */
function add(content: Content, size: LiveSize): void {
  if (content instanceof Y.ContentString) size.characters += content.str.length;
  else if (content instanceof Y.ContentType && content.type instanceof Y.XmlElement) size.characters += 1;
  else if (content instanceof Y.ContentAny) size.attributes += valueSize(content.arr) ?? 0;
  else if (content instanceof Y.ContentFormat) size.attributes += valueSize(content.value) ?? 0;
}

const idKey = (id: Y.ID): string => `${id.client}:${id.clock}`;

/** The struct of `doc` that holds `id`, if the document has it. */
function storedStruct(doc: Y.Doc, id: Y.ID): Y.Item | Y.GC | null {
  if (Y.getState(doc.store, id.client) <= id.clock) return null;
  return Y.getItem(doc.store, id);
}

/**
 * The size a client's update adds, or null when it holds anything the editor never sends: anything outside
 * the document fragment (another root type, the Y.Text of the markdown-source era, which an old client
 * must not write), content other than elements of the schema, texts, strings, marks of the schema and plain
 * attributes, or a deletion outside the fragment. A decoded item names its parent (a root type by name, a
 * nested type by id) or only its neighbours, whose place it shares; those are found in the update or the document.
 */
export function updateSize(doc: Y.Doc, update: Uint8Array): LiveSize | null {
  const fragment = doc.getXmlFragment(FRAGMENT_NAME);
  const { structs, ds } = Y.decodeUpdate(update);
  const types = new Map<string, unknown>();
  const byClient = new Map<number, Y.Item[]>();
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    if (struct.content instanceof Y.ContentType) types.set(idKey(struct.id), struct.content.type);
    const own = byClient.get(struct.id.client);
    if (own) own.push(struct);
    else byClient.set(struct.id.client, [struct]);
  }
  const places = new Map<Y.Item, Place>();

  /** The update's item holding `id` (a client's structs come in the order of their clocks). */
  const inUpdate = (id: Y.ID): Y.Item | undefined => {
    const own = byClient.get(id.client) ?? [];
    let [low, high] = [0, own.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      const item = own[middle]!;
      if (id.clock < item.id.clock) high = middle - 1;
      else if (id.clock >= item.id.clock + item.length) low = middle + 1;
      else return item;
    }
    return undefined;
  };
  const placeOfStored = (struct: Y.Item | Y.GC | null): Place => {
    if (struct === null) return 'foreign'; // it depends on what the server does not have
    if (struct instanceof Y.GC) return 'gone';
    return placeIn(struct.parent, struct.parentSub, fragment);
  };
  const placeOf = (item: Y.Item): Place => {
    const known = places.get(item);
    if (known) return known;
    places.set(item, 'foreign'); // until resolved: a cycle of neighbours places nothing
    let place: Place;
    const parent = item.parent as unknown as string | Y.ID | null;
    if (typeof parent === 'string') place = parent === FRAGMENT_NAME && item.parentSub === null ? 'fragment' : 'foreign';
    else if (parent !== null) {
      const type = types.get(idKey(parent));
      if (type) place = placeIn(type, item.parentSub, fragment);
      else {
        const stored = storedStruct(doc, parent);
        place =
          stored instanceof Y.Item && stored.content instanceof Y.ContentType
            ? placeIn(stored.content.type, item.parentSub, fragment)
            : stored instanceof Y.GC
              ? 'gone'
              : 'foreign';
      }
    } else {
      const neighbour = item.origin ?? item.rightOrigin;
      const local = neighbour && inUpdate(neighbour);
      place = !neighbour ? 'foreign' : local ? placeOf(local) : placeOfStored(storedStruct(doc, neighbour));
    }
    places.set(item, place);
    return place;
  };

  const size: LiveSize = { characters: 0, attributes: 0 };
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    if (!allowed(struct.content, placeOf(struct))) return null;
    add(struct.content, size);
  }
  for (const [client, deletions] of ds.clients) {
    const stored = doc.store.clients.get(client);
    if (!stored) continue;
    for (const { clock, len } of deletions) {
      if (Y.getState(doc.store, client) <= clock) continue;
      for (let i = Y.findIndexSS(stored, clock); i < stored.length && stored[i]!.id.clock < clock + len; i++) {
        const struct = stored[i]!;
        if (struct instanceof Y.Item && !struct.deleted && placeOfStored(struct) === 'foreign') return null;
      }
    }
  }
  return size;
}

/** Adds what `type` holds (its items, its attributes, what nested types hold) to `size`. */
function measureType(type: Pick<Y.AbstractType<unknown>, '_start' | '_map'>, size: LiveSize): void {
  for (let item = type._start; item !== null; item = item.right) {
    if (item.deleted) continue;
    add(item.content, size);
    if (item.content instanceof Y.ContentType) measureType(item.content.type, size);
  }
  for (const item of type._map.values()) if (!item.deleted) add(item.content, size);
}

/** The size of what a document holds now, walking its fragment. */
export function liveSize(doc: Y.Doc): LiveSize {
  const size = { characters: 0, attributes: 0 };
  measureType(doc.getXmlFragment(FRAGMENT_NAME), size);
  return size;
}

/**
 * An upper bound of each open document's size, kept without walking it: measured once, then grown by
 * what every transaction adds (deletions are not subtracted); measured again when it nears a limit.
 */
const bounds = new WeakMap<Y.Doc, { size: LiveSize }>();

function boundOf(doc: Y.Doc): { size: LiveSize } {
  let bound = bounds.get(doc);
  if (bound) return bound;
  const held = { size: liveSize(doc) };
  doc.on('afterTransaction', (transaction: Y.Transaction) => {
    for (const [client, after] of transaction.afterState) {
      const before = transaction.beforeState.get(client) ?? 0;
      const stored = doc.store.clients.get(client);
      if (after <= before || !stored) continue;
      for (let i = Y.findIndexSS(stored, before); i < stored.length; i++) {
        const struct = stored[i]!;
        if (struct instanceof Y.Item) add(struct.content, held.size);
      }
    }
  });
  bounds.set(doc, (bound = held));
  return bound;
}

/** What Yjs holds back until what it follows arrives (kept encoded in its v2 format): it counts as if it had landed. */
function pendingSize(doc: Y.Doc): LiveSize {
  const size = { characters: 0, attributes: 0 };
  const pending = doc.store.pendingStructs?.update;
  if (!pending) return size;
  for (const struct of Y.decodeUpdateV2(pending).structs) {
    if (struct instanceof Y.Item) add(struct.content, size);
  }
  return size;
}

const sum = (...sizes: LiveSize[]): LiveSize => ({ characters: sizes.reduce((n, s) => n + s.characters, 0), attributes: sizes.reduce((n, s) => n + s.attributes, 0) });
const fits = (size: LiveSize): boolean => size.characters <= DOCUMENT_CONTENT_MAX && size.attributes <= LIVE_ATTRIBUTES_MAX;

/**
 * Whether a client's update must be refused: it holds what the editor never sends, or applying it would
 * take the document past its limits. The common case is decided from the update and the document's bound;
 * near a limit the document is measured, and an update that might cross it (it may also delete, or repeat
 * what is known) is tried on a copy.
 */
export function refusedUpdate(doc: Y.Doc, update: Uint8Array): boolean {
  const added = updateSize(doc, update);
  if (added === null) return true;
  const bound = boundOf(doc);
  const pending = pendingSize(doc);
  if (fits(sum(bound.size, added, pending))) return false;
  bound.size = liveSize(doc);
  if (fits(sum(bound.size, added, pending))) return false;
  const copy = new Y.Doc();
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const held = doc.store.pendingStructs?.update;
    if (held) Y.applyUpdateV2(copy, held);
    Y.applyUpdate(copy, update);
    return !fits(sum(liveSize(copy), pendingSize(copy)));
  } finally {
    copy.destroy();
  }
}

/** Whether a frame is a presence (awareness) message past COLLAB_PRESENCE_MAX_BYTES; read before Hocuspocus decodes it. */
export function oversizedPresence(frame: Uint8Array): boolean {
  if (frame.length <= COLLAB_PRESENCE_MAX_BYTES) return false;
  try {
    const message = new IncomingMessage(frame);
    message.readVarString();
    return (message.readVarUint() as MessageType) === MessageType.Awareness;
  } catch {
    // Not a Hocuspocus message: Hocuspocus refuses it itself.
    return false;
  }
}
