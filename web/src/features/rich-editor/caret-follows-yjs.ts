import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';

/** What of y-tiptap's binding this needs: the Y.Doc, and the caret it keeps for the next remote change. */
interface Binding {
  doc: Y.Doc;
  beforeTransactionSelection: { absAnchor: number | null; absHead: number | null } | null;
}

/**
 * Keeps the caret where Yjs says it is after someone else's edit. y-tiptap (3.0.6 and later, 3.0.9 here) second-guesses
 * that position whenever the text of the caret's paragraph changed, and "recovers" one by matching content, which puts
 * the caret back a few letters when another person types in the same paragraph: the two people's typing then
 * interleaves letter by letter. Without the absolute positions it matches against, y-tiptap keeps the position of Yjs's
 * relative position, as y-prosemirror does. Runs after the binding's own `beforeAllTransactions` listener (registered
 * when the sync plugin's view starts, before this plugin's).
 */
export const CaretFollowsYjs = Extension.create({
  name: 'caretFollowsYjs',

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('caretFollowsYjs'),
        view: (view) => {
          const binding = (ySyncPluginKey.getState(view.state) as { binding?: Binding } | undefined)?.binding;
          if (!binding) return {};
          const trustYjs = () => {
            const selection = binding.beforeTransactionSelection;
            if (!selection) return;
            selection.absAnchor = null;
            selection.absHead = null;
          };
          binding.doc.on('beforeAllTransactions', trustYjs);
          return { destroy: () => binding.doc.off('beforeAllTransactions', trustYjs) };
        },
      }),
    ];
  },
});
