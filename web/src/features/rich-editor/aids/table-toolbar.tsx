import type { Editor } from '@tiptap/core';
import type { Command, EditorState } from '@tiptap/pm/state';
import { addColumnAfter, addColumnBefore, addRowAfter, addRowBefore, deleteColumn, deleteRow, deleteTable } from '@tiptap/pm/tables';
import { useEditorState } from '@tiptap/react';
import styles from './aids.module.css';
import { toolbarKeyDown } from './toolbar-keys';

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

/** The table around the selection, and where it starts. */
export function tableAround(state: EditorState) {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type.name === 'table') return { table: $from.node(depth), at: $from.before(depth) };
  return null;
}

const headerRowOn = (state: EditorState): boolean => tableAround(state)?.table.firstChild?.firstChild?.type.name === 'tableHeader';

/**
 * Makes the table's first row its header, or a plain row again. (prosemirror-tables' own toggle works on
 * the selected row; a markdown table's header is always its first.)
 */
const toggleHeaderRow: Command = (state, dispatch) => {
  const found = tableAround(state);
  const firstRow = found?.table.firstChild;
  if (!found || !firstRow) return false;
  const type = headerRowOn(state) ? state.schema.nodes.tableCell! : state.schema.nodes.tableHeader!;
  if (dispatch) {
    const tr = state.tr;
    // The row's cells start two positions into the table (past the table's and the row's openings).
    firstRow.forEach((cell, offset) => tr.setNodeMarkup(found.at + 2 + offset, type, cell.attrs));
    dispatch(tr);
  }
  return true;
};

/** The controls of the table the caret is in. */
export function TableToolbar({ editor }: { editor: Editor }) {
  const header = useEditorState({ editor, selector: ({ editor: current }) => headerRowOn(current.state) });
  const run = (command: Command) =>
    editor
      .chain()
      .focus()
      .command(({ state, dispatch }) => command(state, dispatch))
      .run();

  return (
    <div role="toolbar" aria-label="Table" className={styles.toolbar} onKeyDown={toolbarKeyDown(editor)}>
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
