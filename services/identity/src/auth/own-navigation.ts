import type { IncomingHttpHeaders } from 'node:http';

/** Who may start a navigation that logs out: a page of this origin, or the user (address bar, bookmark). */
const OWN_SITES = new Set(['same-origin', 'none']);

/**
 * A top-level navigation of the browser from the product itself, by its Fetch Metadata headers: not an
 * image or a fetch (`Sec-Fetch-Dest`, `Sec-Fetch-Mode`), not a link on another site (`Sec-Fetch-Site`).
 * A request without them (an old browser, a script) is not one: a GET that ends a session must not be
 * something any page can make the browser send.
 */
export function isOwnNavigation(headers: IncomingHttpHeaders): boolean {
  return headers['sec-fetch-mode'] === 'navigate' && headers['sec-fetch-dest'] === 'document' && OWN_SITES.has(String(headers['sec-fetch-site']));
}
