import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import styles from './aids.module.css';

interface Heading {
  level: number;
  text: string;
  /** Which top-level block it is (its position changes with every keystroke above it; its index rarely). */
  index: number;
}

/** Fewer headings than this make no outline worth showing. */
const OUTLINE_MIN_HEADINGS = 3;

function headings(editor: Editor): Heading[] {
  const found: Heading[] = [];
  editor.state.doc.forEach((node, _offset, index) => {
    if (node.type.name === 'heading') found.push({ level: node.attrs.level as number, text: node.textContent, index });
  });
  return found;
}

/** Puts the caret at the start of the index-th top-level block and scrolls it to the top. */
function goTo(editor: Editor, index: number): void {
  let position = 0;
  for (let i = 0; i < index; i++) position += editor.state.doc.child(i).nodeSize;
  // Focused at once: TipTap's focus command waits for the next frame, and could then read the old selection back.
  editor.view.focus();
  editor.commands.setTextSelection(position + 1);
  (editor.view.nodeDOM(position) as HTMLElement | null)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
}

/** The document's headings as a navigation list (for documents with at least three). */
export function DocumentOutline({ editor }: { editor: Editor }) {
  const list = useEditorState({ editor, selector: ({ editor: current }) => headings(current) });
  if (list.length < OUTLINE_MIN_HEADINGS) return null;
  const top = Math.min(...list.map((heading) => heading.level));

  return (
    <nav aria-label="Outline" className={styles.outline}>
      <ul className={styles.outlineList}>
        {list.map((heading) => (
          <li key={heading.index} style={{ paddingInlineStart: `${(heading.level - top) * 12}px` }}>
            <button type="button" className={styles.outlineItem} onClick={() => goTo(editor, heading.index)}>
              {heading.text || 'Untitled heading'}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
