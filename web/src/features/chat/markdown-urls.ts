import { defaultUrlTransform, type UrlTransform } from 'react-markdown';

/**
 * Whether a URL reaches this origin's `/api/` once the gateway has decoded it and merged its slashes:
 * an image there would be fetched with the reader's cookie just by being shown (`![](/api/...)`).
 */
export function isOwnApiUrl(url: string, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin) return false;
  let path = parsed.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: nginx refuses the request, so the raw path is as good as any.
  }
  const merged = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return /^\/api(\/|$)/i.test(new URL(merged, origin).pathname);
}

/** react-markdown's safe URLs, without images pointing into this origin's `/api/` (their `src` is dropped). */
export const markdownUrlTransform: UrlTransform = (url, key, node) => {
  const safe = defaultUrlTransform(url);
  return key === 'src' && node.tagName === 'img' && isOwnApiUrl(safe, window.location.origin) ? null : safe;
};
