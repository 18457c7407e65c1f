// Shared by the stored text's HTML (stored-text-html.ts, on the server and in the browser) and the chat's markdown
// (web/src/features/chat/markdown-urls.ts); apart from the chat's module, which imports react-markdown.

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
