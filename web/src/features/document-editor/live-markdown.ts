import { documentFragment, nodeToMarkdown, yFragmentToMarkdown } from '@prd/doc-model';
import type * as Y from 'yjs';
import { shownDocument } from '../rich-editor/shown-document';

/**
 * How long the markdown may lag the live document. Deriving it serializes the whole document (about 20 ms
 * for 100 kB), too slow to run on every keystroke when a keystroke must paint within 16 ms.
 */
export const MARKDOWN_DELAY_MS = 250;

export interface LiveMarkdown {
  /** The markdown of the document as it is now (derived at once if a change is pending). */
  now(): string;
  stop(): void;
}

/**
 * Follows the markdown of `doc`'s fragment (the live document's structure, docs/decisions/0039-shared-document-model.md):
 * derived once at start, then at most once per `delayMs` after changes, each new text handed to `onMarkdown`.
 */
export function followMarkdown(doc: Y.Doc, onMarkdown: (markdown: string) => void, delayMs = MARKDOWN_DELAY_MS): LiveMarkdown {
  const fragment = documentFragment(doc);
  let current = yFragmentToMarkdown(doc);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const derive = () => {
    timer = undefined;
    // The editor's nodes when one shows the document: the same markdown, without building the document again from Yjs.
    const shown = shownDocument(doc);
    const next = shown ? nodeToMarkdown(shown) : yFragmentToMarkdown(doc);
    if (next === current) return;
    current = next;
    onMarkdown(next);
  };
  const schedule = () => {
    timer ??= setTimeout(derive, delayMs);
  };
  fragment.observeDeep(schedule);
  onMarkdown(current);

  return {
    now: () => {
      if (timer !== undefined) {
        clearTimeout(timer);
        derive();
      }
      return current;
    },
    stop: () => {
      fragment.unobserveDeep(schedule);
      clearTimeout(timer);
    },
  };
}
