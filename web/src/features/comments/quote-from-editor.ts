import { locateQuote, type TextQuote } from '@prd/proto';
import type { Node } from '@tiptap/pm/model';

/** How much text before and after a quote is kept to find it again (docs/decisions/0012-sharing-and-roles.md). */
const CONTEXT = 32;

const occurrences = (text: string, exact: string): number[] => {
  const found: number[] = [];
  for (let at = text.indexOf(exact); at !== -1; at = text.indexOf(exact, at + 1)) found.push(at);
  return found;
};

/**
 * The W3C text-quote selector of the editor's selection `from`–`to`, made for the server, which finds quotes in the
 * document's markdown (`locateQuote`): the selected text, and the markdown around the same occurrence of it (the n-th in
 * the editor is the n-th in the markdown when both hold it equally often), so that the server finds this passage, not an
 * earlier one. Null when nothing is selected, or when the markdown does not hold the text as selected (across
 * formatting or blocks): such a comment would be orphaned at once.
 */
export function quoteFromEditor(doc: Node, from: number, to: number, markdown: string): TextQuote | null {
  const raw = doc.textBetween(from, to, '\n');
  const exact = raw.trim();
  if (!exact) return null;
  const text = doc.textBetween(0, doc.content.size, '\n');
  // Leading spaces are no part of what was meant.
  const start = doc.textBetween(0, from, '\n').length + (raw.length - raw.trimStart().length);
  const inEditor = occurrences(text, exact);
  const inMarkdown = occurrences(markdown, exact);
  const nth = inEditor.findIndex((at) => at >= start);
  const at = inMarkdown.length === inEditor.length && nth !== -1 ? inMarkdown[nth] : undefined;
  const [source, position] = at === undefined ? [text, start] : [markdown, at];
  const end = position + exact.length;
  const quote = { exact, prefix: source.slice(Math.max(0, position - CONTEXT), position), suffix: source.slice(end, end + CONTEXT) };
  return locateQuote(markdown, quote) ? quote : null;
}
