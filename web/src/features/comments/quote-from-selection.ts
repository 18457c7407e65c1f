import type { TextQuote } from '@prd/proto';

/** How much text before and after a quote is kept to find it again (docs/decisions/0012-sharing-and-roles.md). */
const CONTEXT = 32;

/**
 * The W3C text-quote selector of what is selected inside `container`, measured on its rendered text
 * (what the highlighting searches), with the selected range: null when nothing in it is selected. A
 * selection that runs past its end (a triple click on the last paragraph) is cut at its end.
 */
export function quoteFromSelection(container: HTMLElement, selection: Selection | null): { quote: TextQuote; range: Range } | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0).cloneRange();
  if (!container.contains(range.startContainer)) return null;
  if (!container.contains(range.endContainer)) range.setEnd(container, container.childNodes.length);
  const before = document.createRange();
  before.selectNodeContents(container);
  before.setEnd(range.startContainer, range.startOffset);
  const text = container.textContent;
  const raw = range.toString();
  // Leading and trailing spaces are no part of what was meant.
  const start = before.toString().length + (raw.length - raw.trimStart().length);
  const exact = raw.trim();
  if (!exact) return null;
  const end = start + exact.length;
  return { quote: { exact, prefix: text.slice(Math.max(0, start - CONTEXT), start), suffix: text.slice(end, end + CONTEXT) }, range };
}
