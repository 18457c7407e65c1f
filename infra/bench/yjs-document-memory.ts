import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as Y from 'yjs';
import { loadStored, seededDoc } from '@prd/content/collab/live-document';

/** What Yjs alone holds for one open copy of a document: the floor under content's memory per open live document. */
export interface YjsDocumentMemory {
  /** Growth of heap and external memory after a full collection, divided by the copies held (KiB). */
  kib: number;
  copies: number;
  documentBytes: number;
  /** The stored state each copy decodes. */
  stateBytes: number;
}

/** A full garbage collection, available to this process without starting it with --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * `copies` copies of `markdown` held in bare Yjs documents, each loaded from the stored state the way content loads a live
 * document (`loadStored`), in this process: no Hocuspocus, no connection, no Redis. Compared with the row measured on a
 * content replica it says how much of a live document's memory is Yjs's own structure of it.
 */
export function measureYjsDocumentMemory(markdown: string, copies: number): YjsDocumentMemory {
  const gc = collector();
  const state = Y.encodeStateAsUpdate(seededDoc(markdown));
  const live = () => {
    gc();
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const held: Y.Doc[] = [];
  const before = live();
  for (let i = 0; i < copies; i++) {
    const doc = new Y.Doc();
    loadStored(doc, state, markdown);
    held.push(doc);
  }
  const after = live();
  return { kib: (after - before) / 1024 / held.length, copies, documentBytes: Buffer.byteLength(markdown), stateBytes: state.length };
}
