import { Extension } from '@tiptap/core';
import type { Node } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { Marked } from 'marked';
import { locatePassage, locateQuote } from '@prd/proto/text-quote';
import type { SuggestionQuote } from '@prd/proto';
import { safeHtml } from '../../shared/markdown/safe-html';
import { diffMapping, textBetween, type Range } from '../rich-editor/aids/comment-highlights';
import { documentText, editorQuoteOf, editorTextOf, plainLine, positionOf, type DocumentText } from '../rich-editor/aids/document-text';
import type { Decision } from './suggestions-api';

/** A pending or outdated suggestion as the editor shows it: its passage struck through, its replacement beside it. */
export interface TrackedChange {
  id: number;
  quote: SuggestionQuote;
  replacement: string;
  /** Who proposed it ("AI · asked by Dana", a person's or a token's name). */
  author: string;
  /** When, as the page words it ("2 minutes ago"). */
  time: string;
  /** Its passage is gone from the stored text: it can only be rejected. */
  outdated: boolean;
}

/** Ask AI's answer while it streams: shown over the passage it will replace, until the stored suggestion `doneAs` is listed. */
interface Preview {
  range: Range;
  text: string;
  doneAs: number | null;
}

interface TrackedState {
  changes: TrackedChange[];
  /** Owners and editors: each change offers Accept and Reject (an outdated one only Reject). */
  canDecide: boolean;
  onDecide: (id: number, decision: Decision) => void;
  /** Where each change's passage is now; absent while its quote is not in the editor's text. */
  ranges: Map<number, Range>;
  preview: Preview | null;
  decorations: DecorationSet;
}

type PreviewChange = { from: number; to: number; text: string } | { text: string } | { doneAs: number } | { settled: number } | null;
type Meta = { changes: TrackedChange[]; canDecide: boolean; onDecide: (id: number, decision: Decision) => void } | { preview: PreviewChange };

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    trackedChanges: {
      /** Shows these suggestions as tracked changes; `onDecide` is called by their Accept and Reject buttons (shown when `canDecide`). */
      setTrackedChanges: (changes: TrackedChange[], canDecide: boolean, onDecide: (id: number, decision: Decision) => void) => ReturnType;
      /**
       * Ask AI's streamed answer: a range starts it, `text` updates it, `doneAs` ends it once that suggestion is listed, null
       * removes it. `settled` ends a `doneAs` preview of that suggestion whether or not the list holds it: a list fetched after
       * it was stored lacks it only when someone decided it first.
       */
      setSuggestionPreview: (preview: PreviewChange) => ReturnType;
    };
  }
}

export const trackedChangesKey = new PluginKey<TrackedState>('trackedChanges');

/**
 * Where a quote is in the editor's text. The quote's context comes from the markdown, so an insertion point between a
 * `prefix` and a `suffix` that hold markdown syntax (a heading's `#`, a blank line) is found by the last line of its prefix
 * or else the first line of its suffix.
 */
export function locateInText(text: string, quote: SuggestionQuote): { start: number; end: number } | null {
  const found = locatePassage(text, quote);
  if (found) return found;
  if (quote.exact !== '') {
    // Whole lines (what suggesting mode and the chat's suggestions quote): their text as the editor holds it.
    const plain = editorQuoteOf(quote);
    return plain.exact && plain.exact !== quote.exact ? locateQuote(text, plain) : null;
  }
  const before = plainLine(quote.prefix.trimEnd().split('\n').pop()!);
  const after = plainLine(quote.suffix.trimStart().split('\n')[0]!);
  const end = before ? locateQuote(text, { exact: before, prefix: '', suffix: '' })?.end : undefined;
  if (end !== undefined) return { start: end, end };
  const start = after ? locateQuote(text, { exact: after, prefix: '', suffix: '' })?.start : undefined;
  return start === undefined ? null : { start, end: start };
}

function rangeOf(text: DocumentText, { start, end }: { start: number; end: number }): Range {
  const from = positionOf(text, start);
  return { from, to: end === start ? from : positionOf(text, end, true) };
}

/** Finds every change's passage in one pass over the document's text (linear per quote): on a new list only, never per keystroke. */
function locateAll(doc: Node, changes: TrackedChange[]): Map<number, Range> {
  const ranges = new Map<number, Range>();
  const text = documentText(doc);
  if (text.starts.length === 0) return ranges;
  for (const change of changes) {
    const at = locateInText(text.text, change.quote);
    if (at) ranges.set(change.id, rangeOf(text, at));
  }
  return ranges;
}

/** A range through a change: mapped, or for a change that replaced the whole document (a remote edit through the Yjs binding) by comparing the two. */
function mapRange(tr: Transaction, range: Range, diff: () => (pos: number) => number | null): Range | null {
  const from = tr.mapping.mapResult(range.from, 1);
  const to = tr.mapping.mapResult(range.to, -1);
  if (!from.deleted && !to.deleted) return { from: from.pos, to: Math.max(from.pos, to.pos) };
  const [start, end] = [diff()(range.from), diff()(range.to)];
  return start === null || end === null ? null : { from: start, to: end };
}

/**
 * Follows the passages through a change, cheaply: a passage whose text is still the quote stays. One that mapping loses (a
 * change around it, as a remote edit replacing a wide part of the document) is searched for once, in this transaction only;
 * one that is gone is no longer shown until the list is fetched again (the server then answers it outdated).
 */
function follow(tr: Transaction, state: TrackedState): Pick<TrackedState, 'ranges' | 'preview'> {
  let compared: ((pos: number) => number | null) | null = null;
  const diff = () => (compared ??= diffMapping(tr.before, tr.doc));
  const ranges = new Map<number, Range>();
  const lost: TrackedChange[] = [];
  for (const change of state.changes) {
    const range = state.ranges.get(change.id);
    if (!range) continue;
    const mapped = mapRange(tr, range, diff);
    const stillThere = (text: string) => text === change.quote.exact || text === editorTextOf(change.quote.exact);
    if (mapped && (change.quote.exact === '' || stillThere(textBetween(tr.doc, mapped)))) ranges.set(change.id, mapped);
    else lost.push(change);
  }
  if (lost.length > 0) for (const [id, range] of locateAll(tr.doc, lost)) ranges.set(id, range);
  const previewRange = state.preview && mapRange(tr, state.preview.range, diff);
  return { ranges, preview: state.preview && previewRange ? { ...state.preview, range: previewRange } : null };
}

const replacementMarkdown = new Marked({ gfm: true, async: false });

/** Whether markdown starts a block of its own (a heading, list item, quote, fence or table row) or holds several lines. */
const isBlocks = (markdown: string): boolean => markdown.includes('\n') || /^ {0,3}(#{1,6}\s|[-*+]\s|\d+[.)]\s|>|```|~~~|\|)/.test(markdown);

/**
 * A replacement as it will read once accepted, as safe HTML: a passage within a line as its inline formatting, whole lines
 * (suggesting mode's and the chat's suggestions) as their blocks.
 */
export function replacementHtml(replacement: string): { html: string; blocks: boolean } {
  const markdown = replacement.replace(/\n+$/, '');
  const blocks = isBlocks(markdown);
  const html = blocks ? (replacementMarkdown.parse(markdown) as string) : (replacementMarkdown.parseInline(markdown) as string);
  return { html: safeHtml(html.replace(/>\n+</g, '><').trim()), blocks };
}

function button(label: string, title: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = 'tracked-button';
  element.textContent = label;
  element.title = title;
  element.addEventListener('click', onClick);
  return element;
}

/** The replacement beside the struck passage, with who proposed it and when, and (for owners and editors) Accept and Reject. */
function changeWidget(change: TrackedChange, canDecide: boolean, decide: (decision: Decision) => void): HTMLElement {
  const root = document.createElement('span');
  root.className = change.outdated ? 'tracked-change tracked-change-outdated' : 'tracked-change';
  root.contentEditable = 'false';
  root.dataset.suggestionId = String(change.id);
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', `Suggestion by ${change.author}`);
  if (change.replacement) {
    const inserted = document.createElement('ins');
    const { html, blocks } = replacementHtml(change.replacement);
    inserted.className = blocks ? 'tracked-insertion tracked-insertion-blocks' : 'tracked-insertion';
    // Sanitized by replacementHtml.
    inserted.innerHTML = html;
    root.append(inserted);
  }
  const label = document.createElement('span');
  label.className = 'tracked-label';
  label.textContent = `${change.author} · ${change.time}`;
  root.append(label);
  if (change.outdated) {
    const tag = document.createElement('span');
    tag.className = 'tracked-outdated';
    tag.textContent = 'Outdated';
    tag.title = 'The passage it changes is no longer in the document: it can only be rejected';
    root.append(tag);
  }
  if (canDecide) {
    if (!change.outdated) root.append(button('Accept', 'Accept this suggestion', () => decide('accept')));
    root.append(button('Reject', 'Reject this suggestion', () => decide('reject')));
  }
  return root;
}

function previewWidget(text: string): HTMLElement {
  const root = document.createElement('span');
  root.className = 'tracked-change tracked-change-preview';
  root.contentEditable = 'false';
  root.setAttribute('role', 'status');
  root.setAttribute('aria-label', 'AI suggestion being written');
  const inserted = document.createElement('ins');
  inserted.className = 'tracked-insertion';
  inserted.textContent = text;
  const label = document.createElement('span');
  label.className = 'tracked-label';
  label.textContent = 'AI · writing…';
  root.append(inserted, label);
  return root;
}

const widgetSpec = (key: string) => ({ side: 1, key, ignoreSelection: true, stopEvent: () => true });

function decorate(doc: Node, { changes, ranges, canDecide, preview }: Pick<TrackedState, 'changes' | 'ranges' | 'canDecide' | 'preview'>): DecorationSet {
  const decorations: Decoration[] = [];
  for (const change of changes) {
    const range = ranges.get(change.id);
    if (!range) continue;
    const id = String(change.id);
    if (range.from < range.to) decorations.push(Decoration.inline(range.from, range.to, { class: 'tracked-deletion', 'data-suggestion-id': id }, { suggestionId: change.id }));
    // The key says when the widget must be drawn again; otherwise its element is kept.
    const key = `suggestion:${id}:${change.outdated}:${canDecide}:${change.time}`;
    // The buttons call whatever the plugin holds when clicked (the widget outlives lists that keep it); the editor ignores events inside it.
    const widget = (view: EditorView) => changeWidget(change, canDecide, (decision) => trackedChangesKey.getState(view.state)?.onDecide(change.id, decision));
    decorations.push(Decoration.widget(range.to, widget, { ...widgetSpec(key), suggestionId: change.id }));
  }
  if (preview) {
    const { range, text } = preview;
    if (range.from < range.to) decorations.push(Decoration.inline(range.from, range.to, { class: 'tracked-deletion' }));
    decorations.push(Decoration.widget(range.to, () => previewWidget(text), widgetSpec(`preview:${text.length}:${text.slice(-32)}`)));
  }
  return DecorationSet.create(doc, decorations);
}

function nextPreview(state: TrackedState, change: PreviewChange, changes: TrackedChange[]): Preview | null {
  if (change === null) return null;
  if ('from' in change) return { range: { from: change.from, to: change.to }, text: change.text, doneAs: null };
  if (!state.preview) return null;
  if ('text' in change) return { ...state.preview, text: change.text };
  if ('settled' in change) return state.preview.doneAs === change.settled ? null : state.preview;
  return changes.some((c) => c.id === change.doneAs) ? null : { ...state.preview, doneAs: change.doneAs };
}

/**
 * Suggestions as tracked changes (docs/decisions/0041-suggestions.md, "Rows, not marks"): decorations computed from the list,
 * never marks, never written into the Yjs document. The passages are searched for when the list changes; between lists they
 * are mapped through each transaction, so typing costs a few comparisons, not a search of the document.
 */
export const TrackedChanges = Extension.create({
  name: 'trackedChanges',

  addCommands() {
    return {
      setTrackedChanges:
        (changes, canDecide, onDecide) =>
        ({ tr, dispatch }) => {
          if (dispatch) tr.setMeta(trackedChangesKey, { changes, canDecide, onDecide } satisfies Meta);
          return true;
        },
      setSuggestionPreview:
        (preview) =>
        ({ tr, dispatch }) => {
          if (dispatch) tr.setMeta(trackedChangesKey, { preview } satisfies Meta);
          return true;
        },
    };
  },

  addProseMirrorPlugins() {
    return [
      new Plugin<TrackedState>({
        key: trackedChangesKey,
        state: {
          init: () => ({ changes: [], canDecide: false, onDecide: () => undefined, ranges: new Map(), preview: null, decorations: DecorationSet.empty }),
          apply(tr, state) {
            const meta = tr.getMeta(trackedChangesKey) as Meta | undefined;
            let next = state;
            if (tr.docChanged && (state.ranges.size > 0 || state.preview)) next = { ...next, ...follow(tr, next) };
            if (meta && 'changes' in meta) {
              const preview = next.preview?.doneAs != null && meta.changes.some((c) => c.id === next.preview!.doneAs) ? null : next.preview;
              next = { ...next, ...meta, preview, ranges: locateAll(tr.doc, meta.changes) };
            } else if (meta) next = { ...next, preview: nextPreview(next, meta.preview, next.changes) };
            return next === state ? state : { ...next, decorations: decorate(tr.doc, next) };
          },
        },
        props: {
          decorations: (state) => trackedChangesKey.getState(state)?.decorations,
        },
      }),
    ];
  },
});
