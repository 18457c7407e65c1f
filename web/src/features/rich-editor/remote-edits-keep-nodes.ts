import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';

/** What of y-tiptap's binding this needs: its Yjs-to-ProseMirror node map, and the deep observer it applies remote changes with. */
interface Binding {
  type: Y.XmlFragment;
  prosemirrorView: unknown;
  mapping: Map<object, unknown>;
  _observeFunction: (events: Y.YEvent<Y.AbstractType<unknown>>[], transaction: Y.Transaction) => void;
}

/**
 * Keeps the editor's nodes of the blocks a remote change did not touch. y-tiptap (3.0.9) forgets its whole Yjs-to-ProseMirror
 * map on every remote change, after dropping the changed types and their ancestors from it, and so builds the whole
 * document anew: on a 100 kB PRD, each letter another person types made every block a new node, which ProseMirror's view and
 * every plugin comparing documents (`doc.eq`) then compared deeply, block by block (docs/decisions/0043-typing-speed.md).
 * The types it had already dropped are all a remote change can make stale, so while it applies one the rest is kept, as
 * y-prosemirror does; each other reset of the map (a re-render, a snapshot) still clears it.
 */
export const RemoteEditsKeepNodes = Extension.create({
  name: 'remoteEditsKeepNodes',

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('remoteEditsKeepNodes'),
        view: (view) => {
          const binding = (ySyncPluginKey.getState(view.state) as { binding?: Binding } | undefined)?.binding;
          if (!binding) return {};
          const { mapping, type } = binding;
          const applyRemote = binding._observeFunction;
          let applying = false;
          const clear = mapping.clear.bind(mapping);
          mapping.clear = () => {
            if (!applying) clear();
          };
          const keepingNodes: Binding['_observeFunction'] = (events, transaction) => {
            applying = !(ySyncPluginKey.getState(view.state) as { snapshot?: unknown } | undefined)?.snapshot;
            try {
              applyRemote(events, transaction);
            } finally {
              applying = false;
            }
          };
          // The binding observes with this property and stops observing with it (its destroy, a new view).
          type.unobserveDeep(applyRemote);
          binding._observeFunction = keepingNodes;
          type.observeDeep(keepingNodes);
          return {
            destroy: () => {
              mapping.clear = clear;
              if (binding._observeFunction !== keepingNodes) return;
              binding._observeFunction = applyRemote;
              // Still bound (only this plugin goes): the binding observes with its own function again.
              if (binding.prosemirrorView === null) return;
              type.unobserveDeep(keepingNodes);
              type.observeDeep(applyRemote);
            },
          };
        },
      }),
    ];
  },
});
