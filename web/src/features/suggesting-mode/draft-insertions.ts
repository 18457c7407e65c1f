import { Extension } from '@tiptap/core';
import type { Node, Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
// The decorations' class is styled there (a global class).
import './suggesting-mode.module.css';

/** A span of the editor's document: ProseMirror positions. */
export type Span = [from: number, to: number];

/**
 * The text of `fragment` that its own document's client wrote, as ProseMirror positions. In suggesting mode the editor is bound to a
 * fork of the live document (suggestion-fork.ts): the live text keeps the clients that wrote it, and what this person types there is
 * the fork's own client's, so these spans are exactly the typing that will become suggestions. Walks the Yjs tree as y-tiptap lays
 * it out (an element a node, a text its characters, a leaf one position); null when it does not add up to `size`, the editor's
 * document size (the editor has not taken a Yjs change yet).
 */
export function ownText(fragment: Y.XmlFragment, schema: Schema, size: number): Span[] | null {
  const client = fragment.doc?.clientID;
  const spans: Span[] = [];
  const walk = (parent: Y.XmlFragment | Y.XmlElement, start: number): number => {
    let at = start;
    for (const child of parent.toArray()) {
      if (child instanceof Y.XmlText) {
        for (let item = child._start; item; item = item.right) {
          if (item.deleted || !item.countable) continue;
          if (item.id.client === client) {
            const last = spans.at(-1);
            if (last?.[1] === at) last[1] = at + item.length;
            else spans.push([at, at + item.length]);
          }
          at += item.length;
        }
      } else if (child instanceof Y.XmlElement) {
        at = schema.nodes[child.nodeName]?.isLeaf ? at + 1 : walk(child, at + 1) + 1;
      }
    }
    return at;
  };
  return walk(fragment, 0) === size ? spans : null;
}

const key = new PluginKey<DecorationSet>('draftInsertions');

const decorations = (doc: Node, spans: Span[]) =>
  DecorationSet.create(
    doc,
    spans.map(([from, to]) => Decoration.inline(from, to, { class: 'draft-insertion' })),
  );

const sameSpans = (a: Span[], b: Span[]) => a.length === b.length && a.every(([from, to], i) => b[i]![0] === from && b[i]![1] === to);

/**
 * Suggesting mode: what this person typed shows as the insertion it will be suggested as, before they send it. Recomputed from the
 * Yjs document once its changes have reached the editor (a microtask after each Yjs transaction, so a keystroke and the binding's
 * write of it are one computation), and moved with the text in between.
 */
export const DraftInsertions = Extension.create({
  name: 'draftInsertions',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply: (tr, set) => {
            const spans = tr.getMeta(key) as Span[] | undefined;
            return spans ? decorations(tr.doc, spans) : set.map(tr.mapping, tr.doc);
          },
        },
        props: { decorations: (state) => key.getState(state) },
        view: (view) => {
          const fragment = (ySyncPluginKey.getState(view.state) as { type?: Y.XmlFragment } | undefined)?.type;
          if (!fragment) return {};
          let scheduled = false;
          let destroyed = false;
          const refresh = () => {
            scheduled = false;
            if (destroyed) return;
            const spans = ownText(fragment, view.state.schema, view.state.doc.content.size);
            // Compared with what shows now: a remote change that y-tiptap applies as a replacement of whole blocks drops the marks in them.
            const shown = (key.getState(view.state)?.find() ?? []).map((mark): Span => [mark.from, mark.to]).sort((a, b) => a[0] - b[0]);
            if (!spans || sameSpans(spans, shown)) return;
            view.dispatch(view.state.tr.setMeta(key, spans).setMeta('addToHistory', false));
          };
          const schedule = () => {
            if (scheduled) return;
            scheduled = true;
            queueMicrotask(refresh);
          };
          fragment.observeDeep(schedule);
          schedule();
          return {
            destroy: () => {
              destroyed = true;
              fragment.unobserveDeep(schedule);
            },
          };
        },
      }),
    ];
  },
});
