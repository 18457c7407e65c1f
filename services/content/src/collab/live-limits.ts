import { IncomingMessage, MessageType } from '@hocuspocus/server';
import * as Y from 'yjs';
import { COLLAB_PRESENCE_MAX_BYTES, COLLAB_TEXT, DOCUMENT_CONTENT_MAX } from '@prd/proto';

/**
 * The characters an update could add to the live text, or null when it holds anything the editor never
 * sends: content other than plain text, or anything outside the document's one Y.Text. Items without
 * a parent continue their origin's, which an earlier update (checked the same way) put in the text.
 */
export function addedCharacters(update: Uint8Array, decode = Y.decodeUpdate): number | null {
  let added = 0;
  for (const struct of decode(update).structs) {
    // GC and Skip structs carry no content.
    if (!(struct instanceof Y.Item) || struct.content instanceof Y.ContentDeleted) continue;
    // A decoded (not integrated) item names its parent: a root type by name, a nested type by id.
    const parent = struct.parent as unknown as string | Y.ID | null;
    if (!(struct.content instanceof Y.ContentString) || struct.parentSub !== null || (parent !== null && parent !== COLLAB_TEXT)) return null;
    added += struct.content.str.length;
  }
  return added;
}

/** Characters held back in the document until what they follow arrives (Yjs keeps them encoded in its v2 format): they count as if they had landed. */
const pendingCharacters = (doc: Y.Doc): number => {
  const pending = doc.store.pendingStructs?.update;
  return pending ? (addedCharacters(pending, Y.decodeUpdateV2) ?? 0) : 0;
};

/**
 * Whether a client's update must be refused: it holds what the editor never sends, or applying it would
 * take the live text past DOCUMENT_CONTENT_MAX. The common case is decided from the update alone; an
 * update that might cross the limit (it may also delete, or repeat what is known) is tried on a copy.
 */
export function refusedUpdate(doc: Y.Doc, update: Uint8Array): boolean {
  const added = addedCharacters(update);
  if (added === null) return true;
  if (doc.getText(COLLAB_TEXT).length + added + pendingCharacters(doc) <= DOCUMENT_CONTENT_MAX) return false;
  const copy = new Y.Doc();
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const pending = doc.store.pendingStructs?.update;
    if (pending) Y.applyUpdateV2(copy, pending);
    Y.applyUpdate(copy, update);
    return copy.getText(COLLAB_TEXT).length + pendingCharacters(copy) > DOCUMENT_CONTENT_MAX;
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
