import {
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  InsertRowAboveOutlined,
  InsertRowBelowOutlined,
  InsertRowLeftOutlined,
  InsertRowRightOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import type { Command, EditorState } from '@tiptap/pm/state';
import { addColumnAfter, addColumnBefore, addRowAfter, addRowBefore, deleteColumn, deleteRow, deleteTable } from '@tiptap/pm/tables';
import { useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';
import styles from './aids.module.css';
import { ToolButton } from './tool-button';
import { toolbarKeyDown } from './toolbar-keys';

/**
 * The table commands, prosemirror-tables' own (what TipTap's table commands run), as icons named by their labels (shown as
 * tooltips): in words, the row of them was wider than a document column beside the chat and covered the chat and the sidebar.
 */
const ACTIONS: { label: string; icon: ReactNode; command: Command; danger?: boolean }[] = [
  { label: 'Add row above', icon: <InsertRowAboveOutlined />, command: addRowBefore },
  { label: 'Add row below', icon: <InsertRowBelowOutlined />, command: addRowAfter },
  { label: 'Add column left', icon: <InsertRowLeftOutlined />, command: addColumnBefore },
  { label: 'Add column right', icon: <InsertRowRightOutlined />, command: addColumnAfter },
  { label: 'Delete row', icon: <DeleteRowOutlined />, command: deleteRow, danger: true },
  { label: 'Delete column', icon: <DeleteColumnOutlined />, command: deleteColumn, danger: true },
  { label: 'Delete table', icon: <DeleteOutlined />, command: deleteTable, danger: true },
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
      {ACTIONS.map(({ label, icon, command, danger }) => (
        <ToolButton key={label} label={label} danger={danger} onClick={() => run(command)}>
          {icon}
        </ToolButton>
      ))}
      <ToolButton label="Header row" pressed={header} onClick={() => run(toggleHeaderRow)}>
        <span className={styles.toolText}>Header row</span>
      </ToolButton>
    </div>
  );
}
