import { UnorderedListOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { Button, Dropdown } from 'antd';
import type { Node } from '@tiptap/pm/model';
import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../../shared/ui/use-reduced-motion';
import styles from './aids.module.css';

interface Heading {
  level: number;
  text: string;
  /** Which top-level block it is (its position changes with every keystroke above it; its index rarely). */
  index: number;
}

/** Fewer headings than this make no outline worth showing. */
const OUTLINE_MIN_HEADINGS = 3;
/** How long the outline may lag the text: it is read between bursts of changes, never during a keystroke. */
export const OUTLINE_DELAY_MS = 300;

export function headings(doc: Node): Heading[] {
  const found: Heading[] = [];
  doc.forEach((node, _offset, index) => {
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
  (editor.view.nodeDOM(position) as HTMLElement | null)?.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}

const sameHeadings = (a: Heading[], b: Heading[]): boolean =>
  a.length === b.length && a.every((heading, i) => heading.level === b[i]!.level && heading.text === b[i]!.text && heading.index === b[i]!.index);

/** The document's headings, read once changes pause (a walk of the whole document on every transaction cost each keystroke). */
function useHeadings(editor: Editor): Heading[] {
  const [list, setList] = useState(() => headings(editor.state.doc));
  useEffect(() => {
    let read = editor.state.doc;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      if (editor.isDestroyed || editor.state.doc === read) return;
      read = editor.state.doc;
      const next = headings(read);
      setList((current) => (sameHeadings(current, next) ? current : next));
    };
    const onUpdate = () => {
      timer ??= setTimeout(refresh, OUTLINE_DELAY_MS);
    };
    editor.on('transaction', onUpdate);
    refresh();
    return () => {
      editor.off('transaction', onUpdate);
      clearTimeout(timer);
    };
  }, [editor]);
  return list;
}

/**
 * The page toolbar's "Outline" for documents with at least three headings: a menu of the headings, indented by level, that
 * puts the caret at the one chosen. In the toolbar, not beside the text: beside the AI chat the text's column has no room for a
 * list, and below a long document it could not be found.
 */
export function OutlineMenu({ editor }: { editor: Editor }) {
  const list = useHeadings(editor);
  if (list.length < OUTLINE_MIN_HEADINGS) return null;
  const top = Math.min(...list.map((heading) => heading.level));
  const items = list.map((heading) => ({
    key: String(heading.index),
    label: (
      <span className={styles.outlineItem} style={{ paddingInlineStart: `${(heading.level - top) * 12}px` }}>
        {heading.text || 'Untitled heading'}
      </span>
    ),
  }));
  return (
    <Dropdown
      trigger={['click']}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the menu a person just opened takes the focus (WAI-ARIA menu button): the arrow keys then choose a heading and Enter goes there
      autoFocus
      menu={{ items, className: styles.outlineMenu, 'aria-label': 'Outline', onClick: ({ key }) => goTo(editor, Number(key)) }}
    >
      <Button icon={<UnorderedListOutlined aria-hidden />} aria-haspopup="menu" title="The document's headings: jump to one">
        Outline
      </Button>
    </Dropdown>
  );
}
