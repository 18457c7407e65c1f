const BASE = 'https://prd-studio.invalid';

/**
 * The `callbackUrl` query value as a path on this site, or null. Anything that would leave the
 * site (`https://…`, `//host`, `/\host`) is refused, so the parameter cannot be used for phishing.
 */
export function safeCallbackPath(raw: string | null): string | null {
  if (!raw?.startsWith('/')) return null;
  try {
    const url = new URL(raw, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
