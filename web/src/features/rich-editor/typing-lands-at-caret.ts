import { Extension } from '@tiptap/core';
import type { Node as PmNode, ResolvedPos } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ReplaceStep } from '@tiptap/pm/transform';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

/** What of y-tiptap's binding this needs: the Y.Doc, its fragment, its Yjs-to-ProseMirror node map, and its re-entrance guard. */
interface Binding {
  doc: Y.Doc;
  type: Y.XmlFragment;
  mapping: Map<object, PmNode | PmNode[]>;
  mux: (f: () => void) => void;
}

/** Text typed at one place of one text block: where (before the change) and what. */
interface Typed {
  before: PmNode;
  at: number;
  text: string;
}

const key = new PluginKey<Typed | null>('typingLandsAtCaret');

/**
 * Writes a person's typing into Yjs at the caret. y-tiptap writes an edit by diffing each changed paragraph's text with
 * its Yjs text (common prefix, then suffix), and a character typed beside the same character (a space before another
 * person's space) is then put on the other side of it. The text reads the same, but Yjs now orders it after the other
 * person's character, so their typing and ours, at the same spot, interleave run by run ("Alpha aBeta adds"). Written
 * here first, at the caret's offset, the typing is where the person put it, and y-tiptap's diff finds nothing left to do.
 * Only plain inserts into a text block of text alone; anything else is left to y-tiptap. Runs before y-tiptap's sync view.
 */
export const TypingLandsAtCaret = Extension.create({
  name: 'typingLandsAtCaret',
  // Before the Collaboration extension (1000): this plugin's view must update before y-tiptap's writes the diff.
  priority: 1001,

  addProseMirrorPlugins() {
    return [
      new Plugin<Typed | null>({
        key,
        state: {
          init: () => null,
          apply: (tr, _value, oldState) => typedIn(tr, oldState),
        },
        view: () => ({
          update: (view, prevState) => {
            const typed = key.getState(view.state);
            if (!typed || prevState.doc !== typed.before) return;
            const sync = ySyncPluginKey.getState(view.state) as { binding?: Binding; addToHistory?: boolean } | undefined;
            if (sync?.binding) writeAtCaret(sync.binding, typed, view.state.doc, sync.addToHistory !== false);
          },
        }),
      }),
    ];
  },
});

/** The text a local transaction typed at one point of a text block, or null for any other change. */
function typedIn(tr: Transaction, oldState: EditorState): Typed | null {
  if (!tr.docChanged || tr.steps.length !== 1 || tr.getMeta(ySyncPluginKey) !== undefined) return null;
  const step = tr.steps[0];
  if (!(step instanceof ReplaceStep) || step.from !== step.to) return null;
  const { slice } = step;
  if (slice.openStart !== 0 || slice.openEnd !== 0 || slice.content.childCount === 0) return null;
  let text = '';
  let plain = true;
  slice.content.forEach((node) => {
    if (!node.isText || node.marks.length > 0) plain = false;
    else text += node.text ?? '';
  });
  if (!plain || text === '') return null;
  const $at = oldState.doc.resolve(step.from);
  if (!$at.parent.isTextblock) return null;
  return { before: oldState.doc, at: step.from, text };
}

function writeAtCaret(binding: Binding, typed: Typed, after: PmNode, addToHistory: boolean): void {
  const $at = typed.before.resolve(typed.at);
  const block = $at.parent;
  let onlyText = true;
  block.forEach((child) => {
    if (!child.isText) onlyText = false;
  });
  if (!onlyText) return;
  const element = yElementAt(binding, $at);
  const children = element?.toArray();
  const ytext = children?.length === 1 && children[0] instanceof Y.XmlText ? children[0] : null;
  // The Yjs text must be the text block's text as the editor had it, or the offset would mean something else.
  if (!element || !ytext || plainText(ytext) !== block.textContent) return;
  const chain = ancestorsOf(element, after.resolve(typed.at));
  if (!chain) return;
  // The text takes the formatting around it; y-tiptap's pass that follows sets each run's formatting from the editor.
  binding.mux(() => {
    binding.doc.transact((transaction) => {
      transaction.meta.set('addToHistory', addToHistory);
      ytext.insert($at.parentOffset, typed.text);
    }, ySyncPluginKey);
  });
  // The block and every block around it are now the editor's new nodes: y-tiptap finds them unchanged (it would otherwise
  // see an equal table and keep its cells' old sizes, and place the next caret a cell further on).
  for (const [type, node] of chain) binding.mapping.set(type, node);
  const texts: PmNode[] = [];
  chain[0]![1].forEach((child) => texts.push(child));
  binding.mapping.set(ytext, texts);
}

/** The Yjs element of each block from the typed one up to the top level, paired with the editor's new node there. */
function ancestorsOf(element: Y.XmlElement, $after: ResolvedPos): [object, PmNode][] | null {
  const chain: [object, PmNode][] = [];
  let type: unknown = element;
  for (let depth = $after.depth; depth >= 1; depth--) {
    const node = $after.node(depth);
    if (!(type instanceof Y.XmlElement) || type.nodeName !== node.type.name) return null;
    chain.push([type, node]);
    type = type.parent;
  }
  return chain;
}

/**
 * The Yjs element of the text block at `$at`, found by the block's path of child indices (the fragment holds the editor's
 * document before the change, child for child): a few steps, where searching the binding's map took one per Yjs type of
 * the whole document on every keystroke. Null when a step's element is not the editor's node there.
 */
function yElementAt(binding: Binding, $at: ResolvedPos): Y.XmlElement | null {
  let type: unknown = binding.type;
  for (let depth = 0; depth < $at.depth; depth++) {
    const child = type instanceof Y.XmlFragment ? type.get($at.index(depth)) : null;
    if (!(child instanceof Y.XmlElement) || child.nodeName !== $at.node(depth + 1).type.name) return null;
    type = child;
  }
  return type instanceof Y.XmlElement && binding.mapping.get(type) === $at.parent ? type : null;
}

function plainText(ytext: Y.XmlText): string {
  return (ytext.toDelta() as { insert: unknown }[]).map((op) => (typeof op.insert === 'string' ? op.insert : '\uFFFC')).join('');
}
