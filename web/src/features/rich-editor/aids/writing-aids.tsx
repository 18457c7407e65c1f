import type { Editor, EditorEvents } from '@tiptap/core';
import { isInTable } from '@tiptap/pm/tables';
import type { EditorState } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { BubbleMenu } from '@tiptap/react/menus';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOpenedOnce } from '../../../shared/ui/use-opened-once';
import styles from './aids.module.css';
import { FormattingToolbar } from './formatting-toolbar';
import { LinkDialog } from './link-dialog';
import { focusToolbarKey, openLinkDialogKey } from './shortcuts';
import { tableAround, TableToolbar } from './table-toolbar';

interface Props {
  editor: Editor;
  canEdit: boolean;
  canComment: boolean;
  onComment?: () => void;
  /** Ask the AI for a suggestion on the selection (commenters and up). */
  onAskAi?: (instruction: string) => void;
}

interface ShowProps {
  view: EditorView;
  state: EditorState;
  element: HTMLElement;
}

// Constant: the menu re-applies its options (a transaction, and a view update) whenever a new object is passed.
const FORMATTING_OPTIONS = { placement: 'top' } as const;
const TABLE_OPTIONS = { placement: 'top-start' } as const;

/** Whether the editor or its menu has the focus, or, read-only, the page's selection is in the document. */
function engaged({ view, element }: ShowProps, editable: boolean): boolean {
  if (view.hasFocus() || element.contains(document.activeElement)) return true;
  const selection = document.getSelection();
  return !editable && selection !== null && !selection.isCollapsed && view.dom.contains(selection.anchorNode);
}

/**
 * The writing aids drawn over the editor: the formatting menu on a selection (only Comment for someone
 * who may comment but not edit), the link dialog (Mod-K or the menu's Link) and the controls of the
 * table the caret is in. Alt+F10 moves the focus from the text into the menu shown.
 */
export function WritingAids({ editor, canEdit, canComment, onComment, onAskAi }: Props) {
  const [linkOpen, setLinkOpen] = useState(false);
  const linkOpened = useOpenedOnce(linkOpen);
  const formattingMenu = useRef<HTMLDivElement>(null);
  const tableMenu = useRef<HTMLDivElement>(null);

  /** Moves the focus into the menu the selection calls for, showing it at once (it shows after a pause on its own). */
  const focusMenu = useCallback(() => {
    const { selection } = editor.state;
    const [menu, pluginKey] = selection.empty ? [tableMenu.current, 'tableMenu'] : [formattingMenu.current, 'formattingMenu'];
    const wanted = selection.empty ? canEdit && isInTable(editor.state) : canEdit || (canComment && onComment !== undefined);
    if (!menu || !wanted || editor.isDestroyed) return;
    // The menu plugin attaches a menu's element to the page only while it is shown.
    if (!menu.isConnected) editor.view.dispatch(editor.state.tr.setMeta(pluginKey, 'show'));
    menu.querySelector<HTMLElement>('button, select')?.focus();
  }, [editor, canEdit, canComment, onComment]);

  useEffect(() => {
    const onTransaction = ({ transaction }: EditorEvents['transaction']) => {
      if (transaction.getMeta(openLinkDialogKey)) setLinkOpen(true);
      // Once this transaction is through: the menu may have to be shown first.
      if (transaction.getMeta(focusToolbarKey)) setTimeout(focusMenu);
    };
    editor.on('transaction', onTransaction);
    return () => {
      editor.off('transaction', onTransaction);
    };
  }, [editor, focusMenu]);

  // Read-only, the editor sees no transaction when the page's selection leaves it: the menu is hidden here then.
  useEffect(() => {
    if (canEdit) return;
    const onSelectionChange = () => {
      const menu = formattingMenu.current;
      if (!menu?.isConnected || menu.contains(document.activeElement) || editor.isDestroyed) return;
      const selection = document.getSelection();
      if (!selection || selection.isCollapsed || !editor.view.dom.contains(selection.anchorNode)) editor.view.dispatch(editor.state.tr.setMeta('formattingMenu', 'hide'));
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [editor, canEdit]);

  // The menus hide themselves when the editor loses the focus, not when a menu that has it does (after Alt+F10, Ask AI, a tool):
  // focus going anywhere else on the page (a drawer, a dialog, the comment box) hides them too, or they would float over it.
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!target || editor.isDestroyed || editor.view.dom.contains(target)) return;
      for (const [menu, pluginKey] of [
        [formattingMenu.current, 'formattingMenu'],
        [tableMenu.current, 'tableMenu'],
      ] as const) {
        if (menu?.isConnected && !menu.contains(target)) editor.view.dispatch(editor.state.tr.setMeta(pluginKey, 'hide'));
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [editor]);

  const showFormatting = useCallback(
    (props: ShowProps) => {
      const { selection, doc } = props.state;
      if (!(canEdit || (canComment && onComment)) || selection.empty || !doc.textBetween(selection.from, selection.to).trim()) return false;
      return engaged(props, canEdit);
    },
    [canEdit, canComment, onComment],
  );
  const showTable = useCallback((props: ShowProps) => canEdit && isInTable(props.state) && props.state.selection.empty && engaged(props, true), [canEdit]);
  const tableAnchor = useCallback(() => {
    const found = tableAround(editor.state);
    const table = found ? (editor.view.nodeDOM(found.at) as Element | null) : null;
    return table ? { getBoundingClientRect: () => table.getBoundingClientRect(), getClientRects: () => table.getClientRects() } : null;
  }, [editor]);

  return (
    <>
      <BubbleMenu ref={formattingMenu} editor={editor} pluginKey="formattingMenu" className={styles.menu} shouldShow={showFormatting} options={FORMATTING_OPTIONS}>
        <FormattingToolbar editor={editor} canEdit={canEdit} canComment={canComment} onComment={onComment} onAskAi={onAskAi} onLink={() => setLinkOpen(true)} />
      </BubbleMenu>
      {canEdit && (
        <BubbleMenu
          ref={tableMenu}
          editor={editor}
          pluginKey="tableMenu"
          className={styles.menu}
          shouldShow={showTable}
          getReferencedVirtualElement={tableAnchor}
          options={TABLE_OPTIONS}
        >
          <TableToolbar editor={editor} />
        </BubbleMenu>
      )}
      {canEdit && linkOpened && <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />}
    </>
  );
}
