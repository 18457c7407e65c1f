const BASE = 'http://callback.invalid';

/** A callback target kept only when it is a path on our own site (no open redirect), else null. */
export function safeCallbackUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters are exactly what this refuses.
  // eslint-disable-next-line no-control-regex -- see above
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
