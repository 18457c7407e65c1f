import type * as Y from 'yjs';
import { documentFragment, markdownToYFragment } from './y-fragment.js';

/** The Y.Text of the markdown-source era (its documents are converted on first load). */
export const SOURCE_TEXT_NAME = 'content';

/**
 * Converts a live document of the markdown-source era (its state a Y.Text of markdown) into the
 * structured fragment, once: a document that already has a fragment, or no text, is left alone.
 * The Y.Text stays, so that a client of the old kind still reads the last text it knew.
 * Returns whether it converted.
 */
export function markdownSourceToFragment(ydoc: Y.Doc, origin?: unknown): boolean {
  if (documentFragment(ydoc).length > 0) return false;
  const markdown = ydoc.getText(SOURCE_TEXT_NAME).toString();
  if (markdown === '') return false;
  markdownToYFragment(ydoc, markdown, origin);
  return true;
}
