/**
 * A share link's token is the whole credential to the document (docs/decisions/0030-share-link-hashes.md), and it travels in the
 * path (`/share/{token}`, `/api/share/{token}`): logs write that segment as `[redacted]`. The gateway's access log does the same.
 */
const SHARE_TOKEN = /(\/share\/+)[^/?#]+/gi;

export const redactPath = (path: string): string => path.replace(SHARE_TOKEN, '$1[redacted]');
