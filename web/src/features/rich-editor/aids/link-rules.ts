/** The schemes a link may use: web pages and e-mail (never `javascript:` or `data:`). */
const ALLOWED = ['http:', 'https:', 'mailto:'];

export const LINK_REFUSED = 'Links must start with http://, https:// or mailto:';
export const LINK_EMPTY = 'Enter the address of the link';

/**
 * The link to store for what a person typed: an http(s) or mailto URL as typed, a bare address
 * (`example.com/page`, `ann@example.com`) completed with its scheme; `{ error }` otherwise.
 */
export function linkHref(input: string): { href: string } | { error: string } {
  const text = input.trim();
  if (!text) return { error: LINK_EMPTY };
  if (/\s/.test(text)) return { error: LINK_REFUSED };
  if (/^[^:/?#@]+@[^:/?#@]+\.[^:/?#@]+$/.test(text)) return { href: `mailto:${text}` };
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : /^[^/?#]+\.[a-z]{2,}([/?#:]|$)/i.test(text) ? `https://${text}` : null;
  if (!candidate) return { error: LINK_REFUSED };
  try {
    const url = new URL(candidate);
    return ALLOWED.includes(url.protocol) ? { href: candidate } : { error: LINK_REFUSED };
  } catch {
    return { error: LINK_REFUSED };
  }
}
