import { Extension } from '@tiptap/core';
import { Fragment, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { documentSchema, markdownToNode, SOURCE_ATTRIBUTE, GAP_ATTRIBUTE, TAIL_ATTRIBUTE } from '@prd/doc-model';
import type { Node } from '@tiptap/pm/model';
import { cleanPastedHtml } from './clean-pasted-html';

/** A line only markdown's block syntax starts like this: a heading, a list item or task, a quote, a fence, a table row. */
const MARKDOWN_BLOCK = /^(#{1,6} \S|\s*([-*+]|\d+[.)]) \S|> |```|~~~|\|.*\|\s*$)/m;
/** HTML that carries structure; a code editor's copy (VS Code: `div`s and `span`s of colours) does not. */
const STRUCTURAL_HTML = /<(h[1-6]|p|ul|ol|li|table|blockquote|pre|strong|b|em|i|a)[\s>]/i;

/** Whether pasted plain text reads as markdown blocks (one line of prose, even with a "1." in it, does not). */
export function looksLikeMarkdown(text: string): boolean {
  return text.includes('\n') && MARKDOWN_BLOCK.test(text);
}

/** A pasted block is new: it carries none of the hidden source attributes of the document's own blocks. */
function withoutSource(node: Node): Node {
  if (!(SOURCE_ATTRIBUTE in node.attrs)) return node;
  return node.type.create({ ...node.attrs, [SOURCE_ATTRIBUTE]: null, [GAP_ATTRIBUTE]: null, [TAIL_ATTRIBUTE]: null }, node.content, node.marks);
}

/** The blocks of pasted markdown, by the document model's own parser. */
export function markdownSlice(text: string): Slice {
  const doc = markdownToNode(text.replace(/\r\n?/g, '\n'));
  const blocks: Node[] = [];
  doc.forEach((node) => blocks.push(withoutSource(node)));
  return Slice.maxOpen(Fragment.fromArray(blocks.length > 0 ? blocks : [documentSchema.nodes.paragraph!.create()]));
}

/**
 * Paste into clean structure: HTML from Google Docs, Word and Notion is cleaned before the schema parses
 * it; plain text that reads as markdown (and HTML without structure beside it, as a code editor copies)
 * is parsed as markdown. In a code block, text stays text.
 */
export const PasteHandling = Extension.create({
  name: 'pasteHandling',

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('pasteHandling'),
        props: {
          transformPastedHTML: (html) => cleanPastedHtml(html),
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData('text/plain') ?? '';
            const html = event.clipboardData?.getData('text/html') ?? '';
            if (view.state.selection.$from.parent.type.spec.code || STRUCTURAL_HTML.test(html) || !looksLikeMarkdown(text)) return false;
            view.dispatch(view.state.tr.replaceSelection(markdownSlice(text)).scrollIntoView().setMeta('paste', true).setMeta('uiEvent', 'paste'));
            return true;
          },
        },
      }),
    ];
  },
});
