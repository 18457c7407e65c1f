import { Extension } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';

/** The meta of a transaction asking the writing aids to open the link dialog (Mod-K). */
export const openLinkDialogKey = new PluginKey('openLinkDialog');

/** The meta of a transaction asking the writing aids to move the focus into the menu shown (Alt-F10). */
export const focusToolbarKey = new PluginKey('focusToolbar');

/**
 * The shortcuts StarterKit has not: Mod-K opens the link dialog, Mod-Alt-M comments on the selection,
 * Alt-F10 (as in Google Docs and Word) moves the focus into the formatting or table menu.
 */
export const WritingShortcuts = Extension.create<{ onComment?: () => void }>({
  name: 'writingShortcuts',

  addOptions() {
    return { onComment: undefined };
  },

  addKeyboardShortcuts() {
    return {
      'Mod-k': ({ editor }) => {
        if (!editor.isEditable) return false;
        editor.view.dispatch(editor.state.tr.setMeta(openLinkDialogKey, true));
        return true;
      },
      'Mod-Alt-m': ({ editor }) => {
        if (!this.options.onComment || editor.state.selection.empty) return false;
        this.options.onComment();
        return true;
      },
      'Alt-F10': ({ editor }) => {
        editor.view.dispatch(editor.state.tr.setMeta(focusToolbarKey, true));
        return true;
      },
    };
  },
});
