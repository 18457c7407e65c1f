import { HocuspocusProvider, HocuspocusProviderWebsocket, type onCloseParameters } from '@hocuspocus/provider';
import { COLLAB_CLOSE, COLLAB_TEXT, COLLAB_TOKEN, collabDocumentName, collabSocketPath, selectionTint } from '@prd/proto';
import * as Y from 'yjs';

/** Who this browser is in the document's presence (docs/decisions/0013-live-co-editing.md: name and colour in the awareness state). */
export interface LiveUser {
  id: number;
  name: string;
  color: string;
}

/** Someone in the document: one entry per open editor (a person with two tabs counts once). */
export interface Person {
  /** The user's id (or name, from a client that sent none). */
  key: string;
  name: string;
  color: string;
  self: boolean;
}

/**
 * `connecting`: before the first sync (the text is not known yet); `live`: synced; `reconnecting`: the
 * connection dropped after a sync (local edits are kept and merged when it is back); `revoked`: the server
 * refused this user (the document is no longer shared with them), no more attempts.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'revoked';

export interface LiveSnapshot {
  status: LiveStatus;
  /** The live markdown; null until the first sync. */
  text: string | null;
  /** The server's answer for this connection: viewers and commenters only read. */
  readOnly: boolean;
  people: Person[];
  /** Bumped when the server closes the socket for a change of access (role changed or share revoked). */
  accessChanges: number;
}

const OFFLINE = 'You are offline. Your changes are kept and saved once the connection is back.';

/** Closes after which the page asks for its role again (the provider reconnects and learns its new scope by itself). */
const ACCESS_CLOSE_CODES = new Set<number>([COLLAB_CLOSE.SESSION_ENDED, COLLAB_CLOSE.ACCESS_CHANGED, COLLAB_CLOSE.DOCUMENT_DELETED]);

/**
 * A document's live copy (docs/decisions/0013-live-co-editing.md): a Y.Doc synced through Hocuspocus at
 * the same-origin `/ws-collab`, authenticated by the session cookie. Loaded lazily with the editor page.
 */
export class LiveDocument {
  readonly doc = new Y.Doc();
  readonly text = this.doc.getText(COLLAB_TEXT);
  readonly provider: HocuspocusProvider;
  private readonly socket: HocuspocusProviderWebsocket;
  private snapshot: LiveSnapshot = { status: 'connecting', text: null, readOnly: false, people: [], accessChanges: 0 };
  private readonly listeners = new Set<() => void>();
  private hasSynced = false;

  constructor(documentId: number, user: LiveUser) {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    this.socket = new HocuspocusProviderWebsocket({
      // The document in the URL too: the gateway sends every socket of a document to the same replica (D28).
      url: `${scheme}://${window.location.host}${collabSocketPath(documentId)}`,
      // Retry within seconds: `delay` must stay at or above `minDelay`, or the provider never connects (D13).
      delay: 1_000,
      minDelay: 1_000,
      maxDelay: 5_000,
    });
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: collabDocumentName(documentId),
      document: this.doc,
      // The cookie authenticates; Hocuspocus only runs its authentication hook when a token is sent.
      token: COLLAB_TOKEN,
      onSynced: () => {
        this.hasSynced = true;
        this.update({ status: 'live', text: this.text.toString(), readOnly: this.provider.authorizedScope === 'readonly' });
      },
      onAuthenticated: ({ scope }) => this.update({ readOnly: scope === 'readonly' }),
      onAuthenticationFailed: () => {
        this.update({ status: 'revoked', readOnly: true });
        this.socket.disconnect();
      },
      onClose: ({ event }: onCloseParameters) => {
        if (this.snapshot.status === 'revoked') return;
        const accessChanged = ACCESS_CLOSE_CODES.has(event.code);
        this.update({
          status: this.hasSynced ? 'reconnecting' : 'connecting',
          ...(accessChanged ? { accessChanges: this.snapshot.accessChanges + 1 } : {}),
        });
      },
    });
    this.provider.setAwarenessField('user', { id: user.id, name: user.name, color: user.color, colorLight: selectionTint(user.color) });
    this.provider.awareness?.on('change', this.updatePeople);
    this.provider.attach();
    this.text.observe(() => {
      if (this.hasSynced) this.update({ text: this.text.toString() });
    });
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LiveSnapshot => this.snapshot;

  /**
   * Resolves once the server has every edit made here (it stores the live text by itself, within seconds);
   * fails at once while the connection is down (the edits are kept and sent when it is back).
   */
  flush(): Promise<void> {
    if (this.snapshot.status !== 'live') return Promise.reject(new Error(OFFLINE));
    if (!this.provider.hasUnsyncedChanges) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const settle = () => {
        if (this.snapshot.status !== 'live') reject(new Error(OFFLINE));
        else if (!this.provider.hasUnsyncedChanges) resolve();
        else return;
        this.provider.off('unsyncedChanges', settle);
        this.listeners.delete(settle);
      };
      this.provider.on('unsyncedChanges', settle);
      this.listeners.add(settle);
    });
  }

  destroy(): void {
    this.listeners.clear();
    this.provider.awareness?.off('change', this.updatePeople);
    this.provider.destroy();
    this.socket.destroy();
    this.doc.destroy();
  }

  private readonly updatePeople = () => {
    const self = this.doc.clientID;
    const byUser = new Map<string, Person>();
    for (const [clientId, state] of this.provider.awareness?.getStates() ?? []) {
      const user = (state as { user?: Partial<LiveUser> }).user;
      if (typeof user?.name !== 'string' || typeof user.color !== 'string') continue;
      const key = String(user.id ?? user.name);
      const known = byUser.get(key);
      byUser.set(key, { key, name: user.name, color: user.color, self: (known?.self ?? false) || clientId === self });
    }
    // This browser first, then the others by name: a stable order for the avatars.
    const people = [...byUser.values()].sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
    this.update({ people });
  };

  private update(change: Partial<LiveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}

export const openLiveDocument = (documentId: number, user: LiveUser): LiveDocument => new LiveDocument(documentId, user);
