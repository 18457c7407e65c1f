/**
 * A share link's token is the whole credential to the document (docs/decisions/0030-share-link-hashes.md), and so is a workspace
 * invite's to its workspace (docs/decisions/0037-workspaces.md); they travel in the path (`/share/{token}`, `/api/share/{token}`,
 * `/invite/{token}`, `/api/invites/{token}`, `/api/workspaces/{id}/invites/{token}`): logs write that segment as `[redacted]`.
 * The gateway's access log does the same.
 */
const SHARE_TOKEN = /(\/(?:share|invites?)\/+)[^/?#]+/gi;

export const redactPath = (path: string): string => path.replace(SHARE_TOKEN, '$1[redacted]');
