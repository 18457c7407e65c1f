import { Marked, Renderer, type Tokens } from 'marked';
import { isOwnApiUrl } from './own-api-url.js';

/**
 * How much of a document is shown as its stored text before the editor opens: two wide screens (about 3 kB fill one),
 * four on a phone, not the whole of a long PRD, whose rendering would only delay the editor; the rest is below the fold
 * until the editor replaces the view.
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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
/**
 * Whether a link may keep its address: http(s), mailto, or no scheme at all (an address on this site). Browsers ignore
 * control characters and spaces inside a scheme (`java\tscript:`), so they are ignored here too.
 */
function safeUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- the characters a browser drops from a URL are the point
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''));
  return !scheme || SAFE_SCHEMES.has(scheme[1]!.toLowerCase() + ':');
}

/** An address as an attribute's value: percent-encoded as marked does (a malformed one is not), then escaped. */
function address(url: string): string {
  try {
    return escapeHtml(encodeURI(url).replace(/%25/g, '%'));
  } catch {
    return escapeHtml(url);
  }
}

/**
 * The markdown's leading blocks as HTML that is safe to put in a page as it is, on the server (the document page's first
 * screen, docs/decisions/0051-document-first-screen-from-the-server.md) and in the browser (the stored text before the
 * editor opens), so both show the same markup. marked escapes text and attributes; what it would pass through is handled
 * here: raw HTML is shown as the text it is, a link with another scheme (`javascript:`, `data:`) keeps its text only and
 * opens apart from the page, an image keeps its address only if showing it calls no API of `origin` (it would be fetched
 * with the reader's cookie just by being shown) and no other scheme.
 */
export function storedTextHtml(markdown: string, origin: string): string {
  const marked = new Marked({
    gfm: true,
    async: false,
    // The editor joins a paragraph's source lines with spaces; its spaces are kept as typed (white-space: break-spaces).
    walkTokens: (token) => {
      if (token.type === 'text') (token as Tokens.Text).text = (token as Tokens.Text).text.replace(/\n/g, ' ');
    },
    renderer: {
      html: ({ text, block }) => (block ? `<p>${escapeHtml(text.trim())}</p>` : escapeHtml(text)),
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        if (!safeUrl(href)) return text;
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${address(href)}"${titled} target="_blank" rel="noopener noreferrer">${text}</a>`;
      },
      image({ href, text }) {
        const shown = safeUrl(href) && !href.trim().toLowerCase().startsWith('mailto:') && !isOwnApiUrl(href, origin);
        return shown ? `<img src="${address(href)}" alt="${escapeHtml(text)}">` : `<img alt="${escapeHtml(text)}">`;
      },
      // In the frame the editor puts a table in: one too wide for the screen scrolls sideways there, not the page.
      table(token) {
        return `<div class="tableWrapper">${Renderer.prototype.table.call(this, token)}</div>`;
      },
    },
  });
  // Without the line breaks marked puts between and after tags, which spaces kept as typed would show.
  return (marked.parse(leadingBlocks(markdown)) as string).replace(/>\n+</g, '><').trimEnd();
}
