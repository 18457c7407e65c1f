import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';

/** What of y-tiptap's binding this needs: its Yjs-to-ProseMirror node map, its deep observer, and its full re-render. */
interface Binding {
  type: Y.XmlFragment;
  mapping: Map<object, unknown>;
  _observeFunction: (events: Y.YEvent<Y.AbstractType<unknown>>[], transaction: Y.Transaction) => void;
  _forceRerender: () => void;
}

const kept = new WeakSet<Binding>();

/**
 * Keeps the editor's nodes of the blocks that did not change (docs/decisions/0043-typing-speed.md). y-tiptap (3.0.9) builds
 * the whole document anew, as equal but new nodes, in two places:
 * - on every remote change it forgets its whole Yjs-to-ProseMirror map (after dropping the changed types and their
 *   ancestors from it, all that a remote change can make stale): each letter another person typed rebuilt a 100 kB PRD;
 * - whenever the editor's plugins change (each menu registers its own after the first render), its view starts again and
 *   re-renders everything.
 * ProseMirror's view keeps its old nodes when the new ones are equal, so after one such rebuild every later transaction,
 * a local keystroke too, compared the whole document deeply, block by block. Here the map is kept while a remote change is
 * applied, as y-prosemirror does, and a re-render is skipped while the map is whole; a re-render without one (the first,
 * or a snapshot's) runs as before.
 */
export const RemoteEditsKeepNodes = Extension.create({
  name: 'remoteEditsKeepNodes',

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('remoteEditsKeepNodes'),
        // Runs after y-tiptap's view has bound and rendered the document; the binding lives as long as the editor.
        view: (view) => {
          const binding = (ySyncPluginKey.getState(view.state) as { binding?: Binding } | undefined)?.binding;
          if (!binding || kept.has(binding)) return {};
          kept.add(binding);
          const { mapping, type } = binding;
          let applying = false;
          const clear = mapping.clear.bind(mapping);
          mapping.clear = () => {
            if (!applying) clear();
          };
          const rerender = binding._forceRerender.bind(binding);
          binding._forceRerender = () => {
            if (mapping.size === 0) rerender();
          };
          const applyRemote = binding._observeFunction;
          const keepingNodes: Binding['_observeFunction'] = (events, transaction) => {
            applying = !(ySyncPluginKey.getState(view.state) as { snapshot?: unknown } | undefined)?.snapshot;
            try {
              applyRemote(events, transaction);
            } finally {
              applying = false;
            }
          };
          // The binding observes with this property, and stops and starts observing with it when its view does.
          type.unobserveDeep(applyRemote);
          binding._observeFunction = keepingNodes;
          type.observeDeep(keepingNodes);
          return {};
        },
      }),
    ];
  },
});
