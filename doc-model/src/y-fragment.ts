import { prosemirrorToYXmlFragment, updateYFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import { documentSchema } from './extensions.js';
import { markdownToNode, nodeToMarkdown } from './markdown.js';

/** The shared type holding the document's structure (the editor's collaboration `field`). */
export const FRAGMENT_NAME = 'document';

export const documentFragment = (ydoc: Y.Doc): Y.XmlFragment => ydoc.getXmlFragment(FRAGMENT_NAME);

/** Fills the (empty) fragment of `ydoc` with the model of `markdown`. */
export function markdownToYFragment(ydoc: Y.Doc, markdown: string, origin?: unknown): void {
  const fragment = documentFragment(ydoc);
  if (fragment.length > 0) throw new Error('markdownToYFragment: the fragment is not empty; use applyMarkdownEdit');
  ydoc.transact(() => prosemirrorToYXmlFragment(markdownToNode(markdown), fragment), origin);
}

/** The markdown of the live document, as the browser's editor would write it. */
export const yFragmentToMarkdown = (ydoc: Y.Doc): string => nodeToMarkdown(yXmlFragmentToProseMirrorRootNode(documentFragment(ydoc), documentSchema));

/**
 * Which shared type holds which node, as y-tiptap's `updateYFragment` records it. A block whose type is mapped to the very node
 * the new markdown parses to (unchanged blocks parse to the same node: see `markdownToNode`) is known equal without comparing
 * its content.
 */
export type NodesOfTypes = Parameters<typeof updateYFragment>[3]['mapping'];

/**
 * Changes the live document to match `markdown` as a minimal change: y-tiptap's `updateYFragment`
 * keeps the blocks that match from either end and updates the others in place (text by a character
 * diff), so that what others type meanwhile elsewhere stays where they typed it. One transaction with `origin`.
 * `mapping`, when given, is the one the document's last edit left, with every type changed since removed (the caller's to keep).
 */
export function applyMarkdownEdit(ydoc: Y.Doc, markdown: string, origin?: unknown, mapping: NodesOfTypes = new Map()): void {
  const next = markdownToNode(markdown);
  ydoc.transact(() => updateYFragment(ydoc, documentFragment(ydoc), next, { mapping, isOMark: new Map() }), origin);
}
