import type { Editor } from '@tiptap/core';
import type { TextQuote } from '@prd/proto/text-quote';
import { documentText, offsetOf } from './document-text';

/** How much text before and after a quote is kept to find it again (as quoteFromSelection in the comments feature). */
const CONTEXT = 32;

/**
 * The W3C text quote of the editor's selection, measured on the text the highlights search (the document's
 * text nodes, as its rendered text reads), so that a comment made here is found again here; null when
 * nothing but blanks is selected.
 */
export function quoteFromEditor(editor: Editor): TextQuote | null {
  const { from, to, empty } = editor.state.selection;
  if (empty) return null;
  const text = documentText(editor.state.doc);
  const raw = text.text.slice(offsetOf(text, from), offsetOf(text, to));
  const exact = raw.trim();
  if (!exact) return null;
  const start = offsetOf(text, from) + (raw.length - raw.trimStart().length);
  const end = start + exact.length;
  return { exact, prefix: text.text.slice(Math.max(0, start - CONTEXT), start), suffix: text.text.slice(end, end + CONTEXT) };
}
