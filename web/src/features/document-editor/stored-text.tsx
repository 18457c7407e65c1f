import { Marked, type Tokens } from 'marked';
import { safeHtml } from '../../shared/markdown/safe-html';
import editorStyles from '../rich-editor/rich-editor.module.css';
import styles from './stored-text.module.css';

// marked and DOMPurify, not react-markdown: this is on the way to the editor, and react-markdown's parser takes about
// 0.5 s for a 100 kB PRD where marked takes 30 ms (docs/decisions/0044-document-page-load.md).
const markdown = new Marked({
  gfm: true,
  async: false,
  // The editor joins a paragraph's source lines with spaces; its spaces are kept as typed (white-space: break-spaces).
  walkTokens: (token) => {
    if (token.type === 'text') (token as Tokens.Text).text = (token as Tokens.Text).text.replace(/\n/g, ' ');
  },
});

/**
 * How much of the text is shown before the editor opens: two wide screens (about 3 kB fill one), four on a phone, not the
 * whole of a long PRD, whose rendering would only delay the editor; the rest is below the fold until the editor replaces
 * the view. Rendering and sanitizing this view is on the way to both the first paint and the editor: 12,000 characters
 * took 54-113 ms of an unthrottled open's CPU at phone size (DOMPurify most of it), four times that on Lighthouse's phone.
 */
export const STORED_TEXT_SHOWN_CHARS = 6_000;

/** The text's first `max` characters, cut at the end of a block (a blank line outside a code fence) so that none is broken. */
export function leadingBlocks(text: string, max = STORED_TEXT_SHOWN_CHARS): string {
  if (text.length <= max) return text;
  let cut = 0;
  let fenced = false;
  for (const line of text.slice(0, max).matchAll(/[^\n]*\n?/g)) {
    if (/^ {0,3}(```|~~~)/.test(line[0])) fenced = !fenced;
    else if (!fenced && line[0] !== '' && line[0].trim() === '' && line.index > 0) cut = line.index;
  }
  // No block ends within reach (one long paragraph): its first characters.
  return text.slice(0, cut || max);
}

let last: { text: string; html: string } | null = null;

/** The markdown's leading blocks as safe HTML (raw HTML, scripts, handlers and unsafe URLs removed); the last one kept. */
export function storedTextHtml(text: string): string {
  if (last?.text !== text) {
    // Without the line breaks marked puts between tags, which spaces kept as typed would show.
    const html = (markdown.parse(leadingBlocks(text)) as string).replace(/>\n+</g, '><');
    last = { text, html: safeHtml(html) };
  }
  return last.html;
}

/**
 * The document's stored markdown (its leading blocks), read-only, in the editor's box and styles, while the live document connects and the
 * editor opens on it (docs/decisions/0044-document-page-load.md): the text shows as soon as it is fetched, and the editor
 * then takes its place without moving what is on screen. Not a textbox: nothing can be typed before the live copy holds
 * the text, so nothing typed is lost.
 */
export function StoredText({ text }: { text: string }) {
  // Rendered again with the page until the editor takes its place: the HTML is kept from the first time.
  const html = storedTextHtml(text);
  return (
    <div className={editorStyles.frame}>
      <article
        className={`${editorStyles.document ?? ''} ${editorStyles.content ?? ''} ${styles.text ?? ''}`}
        aria-label="Document text"
        aria-busy="true"
        data-testid="stored-text"
        // Sanitized above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
