import { Extension } from '@tiptap/core';
import { Fragment, type Node, type Schema, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { GAP_ATTRIBUTE, markdownToNode, SOURCE_ATTRIBUTE, TAIL_ATTRIBUTE } from '@prd/doc-model';
import { COLLAB_PASTE_MAX_CHARS } from '@prd/proto';
import { cleanPastedHtml } from './clean-pasted-html';

/** A line only markdown's block syntax starts like this: a heading, a list item or task, a quote, a fence, a table row. */
const MARKDOWN_BLOCK = /^(#{1,6} \S|\s*([-*+]|\d+[.)]) \S|> |```|~~~|\|.*\|\s*$)/m;
/** HTML that carries structure; a code editor's copy (VS Code: `div`s and `span`s of colours) does not. */
const STRUCTURAL_HTML = /<(h[1-6]|p|ul|ol|li|table|blockquote|pre|strong|b|em|i|a)[\s>]/i;

/** Whether pasted plain text reads as markdown blocks (one line of prose, even with a "1." in it, does not). */
export function looksLikeMarkdown(text: string): boolean {
  return text.includes('\n') && MARKDOWN_BLOCK.test(text);
}

/**
 * The blocks of pasted markdown, by the document model's own parser, in the editor's schema (an instance
 * of its own). A pasted block is new: it carries none of the hidden source attributes of the document's blocks.
 */
export function markdownSlice(text: string, schema: Schema): Slice {
  const blocks: Node[] = [];
  markdownToNode(text.replace(/\r\n?/g, '\n')).forEach((node) => {
    const json = node.toJSON() as { attrs?: Record<string, unknown> };
    if (json.attrs) json.attrs = { ...json.attrs, [SOURCE_ATTRIBUTE]: null, [GAP_ATTRIBUTE]: null, [TAIL_ATTRIBUTE]: null };
    blocks.push(schema.nodeFromJSON(json));
  });
  // A paragraph at either end joins the text around the caret, as pasted text does; other blocks stay whole.
  const open = (node: Node | undefined) => (node?.type.name === 'paragraph' ? 1 : 0);
  return new Slice(Fragment.fromArray(blocks), open(blocks[0]), open(blocks.at(-1)));
}

/**
 * Paste into clean structure: HTML from Google Docs, Word and Notion is cleaned before the schema parses
 * it; plain text that reads as markdown (and HTML without structure beside it, as a code editor copies)
 * is parsed as markdown. In a code block, text stays text. A paste of more than COLLAB_PASTE_MAX_CHARS
 * characters is refused (`onRefused`): its update could pass the live connection's frame limit, which
 * would close the connection; such texts go in by import.
 */
export const PasteHandling = Extension.create<{ onRefused?: () => void }>({
  name: 'pasteHandling',

  addOptions() {
    return { onRefused: undefined };
  },

  addProseMirrorPlugins() {
    const options = this.options;
    return [
      new Plugin({
        key: new PluginKey('pasteHandling'),
        props: {
          transformPastedHTML: (html) => cleanPastedHtml(html),
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData('text/plain') ?? '';
            const html = event.clipboardData?.getData('text/html') ?? '';
            if (text.length > COLLAB_PASTE_MAX_CHARS) {
              options.onRefused?.();
              return true;
            }
            if (view.state.selection.$from.parent.type.spec.code || STRUCTURAL_HTML.test(html) || !looksLikeMarkdown(text)) return false;
            const { $from, empty } = view.state.selection;
            const slice = markdownSlice(text, view.state.schema);
            const tr = view.state.tr;
            // Into an empty paragraph: the blocks take its place (no blank paragraph left around them).
            if (empty && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0) tr.replaceWith($from.before(), $from.after(), slice.content);
            else tr.replaceSelection(slice);
            view.dispatch(tr.scrollIntoView().setMeta('paste', true).setMeta('uiEvent', 'paste'));
            return true;
          },
        },
      }),
    ];
  },
});
