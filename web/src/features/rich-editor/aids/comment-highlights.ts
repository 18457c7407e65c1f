import { Extension } from '@tiptap/core';
import type { Node } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { locateQuote, type TextQuote } from '@prd/proto/text-quote';
import { documentText, editorQuoteOf, editorTextOf, positionOf } from './document-text';

/** A comment thread's anchor (a W3C text quote) to highlight in the editor. */
export interface CommentHighlight extends TextQuote {
  id: number;
}

export interface Range {
  from: number;
  to: number;
}

interface HighlightState {
  highlights: CommentHighlight[];
  activeId: number | null;
  /** Where each highlight is now; absent while its quoted text is gone. */
  ranges: Map<number, Range>;
  decorations: DecorationSet;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    commentHighlights: {
      /** Highlights these comment anchors; the one of `activeId` is marked current. */
      setCommentHighlights: (highlights: CommentHighlight[], activeId?: number | null) => ReturnType;
    };
  }
}

export const commentHighlightsKey = new PluginKey<HighlightState>('commentHighlights');

/** The text of the document between two positions, text nodes only (as anchors measure it). */
export function textBetween(doc: Node, { from, to }: Range): string {
  let text = '';
  doc.nodesBetween(from, to, (node, pos) => {
    if (node.isText) text += node.text!.slice(Math.max(0, from - pos), to - pos);
    return !node.isLeaf;
  });
  return text;
}

/** A quote holding markdown syntax (a passage with bold or a link in it), found as the editor's text holds it. */
function locateMarkdownQuote(text: string, quote: CommentHighlight): { start: number; end: number } | null {
  const plain = editorQuoteOf(quote);
  return plain.exact && plain.exact !== quote.exact ? locateQuote(text, plain) : null;
}

/** Finds every highlight whose range is unknown in one pass over the document's text: linear in its size per quote. */
function locate(doc: Node, highlights: CommentHighlight[], known: Map<number, Range>): Map<number, Range> {
  const ranges = new Map(known);
  const missing = highlights.filter((h) => !ranges.has(h.id));
  if (missing.length === 0) return ranges;
  const text = documentText(doc);
  for (const highlight of missing) {
    const at = locateQuote(text.text, highlight) ?? locateMarkdownQuote(text.text, highlight);
    if (at) ranges.set(highlight.id, { from: positionOf(text, at.start), to: positionOf(text, at.end, true) });
  }
  return ranges;
}

/**
 * Where a position of `before` is in `after`, for a change that replaced the whole document (the Yjs
 * binding applies every remote change so): outside the part that differs, found by comparing the two
 * (unchanged blocks are the same nodes), it moved by the change's size; inside it, it is lost.
 */
export function diffMapping(before: Node, after: Node): (pos: number) => number | null {
  const start = before.content.findDiffStart(after.content);
  if (start === null) return (pos) => pos;
  const end = before.content.findDiffEnd(after.content)!;
  // Repeated text can make the two ends cross; the changed part then starts where the other ended.
  const endBefore = Math.max(end.a, start);
  const shift = after.content.size - before.content.size;
  return (pos) => (pos <= start ? pos : pos >= endBefore ? pos + shift : null);
}

/**
 * Follows the anchors through a change: a range whose text is still the quote after mapping stays (cheap,
 * and it sticks to the passage); the others (the quoted text was edited, or is gone) are found again by
 * their quote, as the server finds them: linear in the document's size.
 */
function follow(tr: Transaction, state: HighlightState): Map<number, Range> {
  const kept = new Map<number, Range>();
  let diff: ((pos: number) => number | null) | null = null;
  for (const highlight of state.highlights) {
    const range = state.ranges.get(highlight.id);
    if (!range) continue;
    const from = tr.mapping.mapResult(range.from, 1);
    const to = tr.mapping.mapResult(range.to, -1);
    let mapped: Range | null = from.deleted || to.deleted ? null : { from: from.pos, to: to.pos };
    if (!mapped) {
      diff ??= diffMapping(tr.before, tr.doc);
      const [start, end] = [diff(range.from), diff(range.to)];
      mapped = start === null || end === null ? null : { from: start, to: end };
    }
    const still = mapped && textBetween(tr.doc, mapped);
    if (mapped && (still === highlight.exact || still === editorTextOf(highlight.exact))) kept.set(highlight.id, mapped);
  }
  return locate(tr.doc, state.highlights, kept);
}

function decorate(doc: Node, ranges: Map<number, Range>, activeId: number | null): DecorationSet {
  const decorations = [...ranges].map(([id, { from, to }]) =>
    Decoration.inline(from, to, { class: id === activeId ? 'comment-highlight comment-highlight-active' : 'comment-highlight', 'data-comment-id': String(id) }, { commentId: id }),
  );
  return DecorationSet.create(doc, decorations);
}

/**
 * Highlights commented passages, given as text quotes through `setCommentHighlights`. A click on one
 * calls `onClick` with its thread's id (the innermost one where highlights overlap).
 */
export const CommentHighlights = Extension.create<{ onClick?: (id: number) => void }>({
  name: 'commentHighlights',

  addOptions() {
    return { onClick: undefined };
  },

  addCommands() {
    return {
      setCommentHighlights:
        (highlights, activeId = null) =>
        ({ tr, dispatch }) => {
          if (dispatch) tr.setMeta(commentHighlightsKey, { highlights, activeId });
          return true;
        },
    };
  },

  addProseMirrorPlugins() {
    const options = this.options;
    return [
      new Plugin<HighlightState>({
        key: commentHighlightsKey,
        state: {
          init: () => ({ highlights: [], activeId: null, ranges: new Map(), decorations: DecorationSet.empty }),
          apply(tr, state) {
            const set = tr.getMeta(commentHighlightsKey) as { highlights: CommentHighlight[]; activeId: number | null } | undefined;
            if (set) {
              const ranges = locate(tr.doc, set.highlights, new Map());
              return { ...set, ranges, decorations: decorate(tr.doc, ranges, set.activeId) };
            }
            if (!tr.docChanged || state.highlights.length === 0) return state;
            const ranges = follow(tr, state);
            return { ...state, ranges, decorations: decorate(tr.doc, ranges, state.activeId) };
          },
        },
        props: {
          decorations: (state) => commentHighlightsKey.getState(state)?.decorations,
          handleClick(view, pos) {
            const found = commentHighlightsKey.getState(view.state)?.decorations.find(pos, pos) ?? [];
            const innermost = found.sort((a, b) => a.to - a.from - (b.to - b.from))[0];
            if (innermost && options.onClick) options.onClick((innermost.spec as { commentId: number }).commentId);
            return false;
          },
        },
      }),
    ];
  },
});
