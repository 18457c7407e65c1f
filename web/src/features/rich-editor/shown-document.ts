import { documentSchema } from '@prd/doc-model';
import type { Node } from '@tiptap/pm/model';
import type * as Y from 'yjs';

/** The document each rich-text editor shows, by the live Y.Doc it is bound to. */
const shown = new WeakMap<Y.Doc, () => Node>();
/** Each editor block as a node of the shared schema (the serializer matches blocks against their source in it). */
const inSharedSchema = new WeakMap<Node, Node>();

/**
 * Says that an editor shows `doc`'s fragment, as `current` answers it (docs/decisions/0043-typing-speed.md): the editor
 * already holds the fragment as ProseMirror nodes, kept in step within each change, so the live markdown is serialized from
 * them instead of building the whole document again from Yjs. Answers the function that ends it.
 */
export function showDocument(doc: Y.Doc, current: () => Node): () => void {
  shown.set(doc, current);
  return () => {
    if (shown.get(doc) === current) shown.delete(doc);
  };
}

/**
 * The document an editor shows for `doc` now, in the shared schema (`documentSchema`), or null when none is bound to it.
 * Unchanged blocks keep their nodes across changes, so only the changed ones are converted.
 */
export function shownDocument(doc: Y.Doc): Node | null {
  const current = shown.get(doc)?.();
  if (!current) return null;
  const blocks: Node[] = [];
  current.forEach((block) => {
    let converted = inSharedSchema.get(block);
    if (!converted) {
      converted = documentSchema.nodeFromJSON(block.toJSON());
      inSharedSchema.set(block, converted);
    }
    blocks.push(converted);
  });
  return documentSchema.topNodeType.create(current.attrs, blocks);
}
