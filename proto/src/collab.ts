/**
 * Live co-editing (docs/decisions/0022-co-editing-with-hocuspocus.md): the contract between the browser's `@hocuspocus/provider`
 * and content's Hocuspocus server. The protocol itself is Hocuspocus'; these are the names both agree on.
 */

/** The WebSocket endpoint, same origin, authenticated by the session cookie (and the browser's Origin). */
export const COLLAB_PATH = '/ws-collab';

/** The Hocuspocus document name of a document: its id, in decimal. */
export const collabDocumentName = (documentId: number): string => String(documentId);

/**
 * The query parameter that names a socket's document in its URL (`/ws-collab?document=12`). The
 * protocol names the document only in its first message, which the gateway cannot read: it hashes this
 * parameter so that every connection of a document reaches the same content replica (docs/decisions/0029-live-documents-on-one-replica.md).
 * The server still authorises each document the protocol names; the parameter only routes.
 */
export const COLLAB_ROUTING_PARAM = 'document';

/** The path and query of a socket that opens `documentId`. */
export const collabSocketPath = (documentId: number): string => `${COLLAB_PATH}?${COLLAB_ROUTING_PARAM}=${collabDocumentName(documentId)}`;

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
