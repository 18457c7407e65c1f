/** The schemes a link may open from an exported file: web pages and e-mail. */
const LINKABLE = /^(?:https?:|mailto:)/i;

/**
 * The address a link in an exported file may point to, or undefined when it must stay plain text:
 * only http, https and mailto addresses become clickable (a `javascript:`, `file:` or `data:` one, a
 * relative path or an anchor would open something else than the web page the author meant).
 */
export function linkAddress(url: string): string | undefined {
  const address = url.trim();
  return LINKABLE.test(address) ? address : undefined;
}
