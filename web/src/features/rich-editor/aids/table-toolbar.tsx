import type { Editor } from '@tiptap/core';
import type { Command } from '@tiptap/pm/state';
import { addColumnAfter, addColumnBefore, addRowAfter, addRowBefore, deleteColumn, deleteRow, deleteTable, toggleHeaderRow } from '@tiptap/pm/tables';
import { useEditorState } from '@tiptap/react';
import styles from './aids.module.css';
import { moveFocusInToolbar } from './toolbar-keys';

/** The table commands, prosemirror-tables' own (what TipTap's table commands run). */
const ACTIONS: { label: string; command: Command; danger?: boolean }[] = [
  { label: 'Add row above', command: addRowBefore },
  { label: 'Add row below', command: addRowAfter },
  { label: 'Add column left', command: addColumnBefore },
  { label: 'Add column right', command: addColumnAfter },
  { label: 'Delete row', command: deleteRow, danger: true },
  { label: 'Delete column', command: deleteColumn, danger: true },
  { label: 'Delete table', command: deleteTable, danger: true },
];

/** Whether the first row of the table around the selection is a header row. */
function headerRowOn(editor: Editor): boolean {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name === 'table') return node.firstChild?.firstChild?.type.name === 'tableHeader';
  }
  return false;
}

/** The controls of the table the caret is in. */
export function TableToolbar({ editor }: { editor: Editor }) {
  const header = useEditorState({ editor, selector: ({ editor: current }) => headerRowOn(current) });
  const run = (command: Command) => editor.chain().focus().command(({ state, dispatch }) => command(state, dispatch)).run();

  return (
    <div role="toolbar" aria-label="Table" className={styles.toolbar} onKeyDown={moveFocusInToolbar}>
      {ACTIONS.map(({ label, command, danger }) => (
        <button
          key={label}
          type="button"
          className={danger ? `${styles.tool} ${styles.toolDanger}` : styles.tool}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => run(command)}
        >
          {label}
        </button>
      ))}
      <button type="button" className={styles.tool} aria-pressed={header} onMouseDown={(event) => event.preventDefault()} onClick={() => run(toggleHeaderRow)}>
        Header row
      </button>
    </div>
  );
}
