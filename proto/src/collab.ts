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

// The Y.Doc's one shared type is @prd/doc-model's fragment (`FRAGMENT_NAME`): the editor's structure of the document.

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
  /**
   * A message was refused and not applied: an update that would take the document past
   * DOCUMENT_CONTENT_MAX or holds anything outside the document's fragment, or presence past COLLAB_PRESENCE_MAX_BYTES.
   */
  MESSAGE_REFUSED: 4413,
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

/**
 * The largest frame the server reads (larger ones close the socket, code 1009): typing sends bytes and
 * the editor refuses a paste past COLLAB_PASTE_MAX_CHARS, whose update fits, whatever its characters.
 */
export const COLLAB_FRAME_MAX_BYTES = 1024 * 1024;

/** The most characters one change of the live editor may insert (a paste); larger texts go in by import. */
export const COLLAB_PASTE_MAX_CHARS = 300_000;

/** The largest presence (awareness) message: a person's name, colours and cursor take a few hundred bytes. */
export const COLLAB_PRESENCE_MAX_BYTES = 4096;

/**
 * Who a connection is in the document's presence (the awareness field `user`). The server sets it from
 * the connection's session on every presence message; what the client sends there is replaced.
 */
export interface CollabPresenceUser {
  id: number;
  name: string;
  color: string;
  /** The colour at 20% opacity: y-codemirror.next paints remote selections with it. */
  colorLight: string;
}

/** Colours that keep white initials and a light selection tint readable (antd's palette, 6th shades). */
const PRESENCE_PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#f5222d', '#2f54eb', '#a0d911', '#faad14', '#fa541c', '#08979c'];

/** A person's colour in co-editing (avatar, cursor, selection): the same for a user id on every screen and visit. */
export function userColor(userId: number): string {
  // Knuth's multiplicative hash spreads consecutive ids (new accounts) over the palette.
  const hash = Math.imul(userId, 2654435761) >>> 0;
  return PRESENCE_PALETTE[hash % PRESENCE_PALETTE.length] ?? '#1677ff';
}

/** The colour at 20% opacity (y-codemirror.next paints remote selections with it). */
export const selectionTint = (color: string): string => `${color}33`;

export const presenceUser = (id: number, name: string): CollabPresenceUser => ({ id, name, color: userColor(id), colorLight: selectionTint(userColor(id)) });
