/**
 * Live co-editing (docs/decisions/0022-co-editing-with-hocuspocus.md): the contract between the browser's `@hocuspocus/provider`
 * and content's Hocuspocus server. The protocol itself is Hocuspocus'; these are the names both agree on.
 */

/** The WebSocket endpoint, same origin, authenticated by the session cookie (and the browser's Origin). */
export const COLLAB_PATH = '/ws-collab';

/** The Hocuspocus document name of a document: its id, in decimal. */
export const collabDocumentName = (documentId: number): string => String(documentId);

/** The one shared type of the Y.Doc: a Y.Text holding the document's markdown. */
export const COLLAB_TEXT = 'content';

/** The provider's `token`. The session cookie authenticates; Hocuspocus only asks its server to check a non-empty token. */
export const COLLAB_TOKEN = 'session';

/**
 * Close codes of the collaboration socket. After any of them the provider reconnects by itself and
 * authenticates again, which then tells it its new scope (`read-only`) or fails (`authenticationFailed`).
 */
export const COLLAB_CLOSE = {
  /** The session the socket was opened with ended (log-out, account deleted, expiry). */
  SESSION_ENDED: 4401,
  /** The user's grant on a document of the socket was revoked or weakened. */
  ACCESS_CHANGED: 4403,
  /** A document of the socket was deleted. */
  DOCUMENT_DELETED: 4404,
  /** The replica is shutting down: reconnect (nginx picks another). */
  GOING_AWAY: 1001,
} as const;

/** The `reason` of a refused authentication (the provider's `authenticationFailed` event). */
export const COLLAB_REFUSED = {
  /** No session user: sign in or start as a guest. */
  UNAUTHORIZED: 'unauthorized',
  /** No such document, or no grant on it (the same answer, as a 404 is for HTTP). */
  NOT_FOUND: 'not-found',
} as const;
