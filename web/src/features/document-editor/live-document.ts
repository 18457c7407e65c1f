import { HocuspocusProvider, HocuspocusProviderWebsocket, type onCloseParameters } from '@hocuspocus/provider';
import { COLLAB_CLOSE, COLLAB_TOKEN, collabDocumentName, collabSocketPath } from '@prd/proto';
import * as Y from 'yjs';
import { followMarkdown, type LiveMarkdown } from './live-markdown';

/** Who this browser is in the document's presence (docs/decisions/0013-live-co-editing.md: name and colour in the awareness state). */
export interface LiveUser {
  id: number;
  name: string;
  color: string;
}

/** The awareness `user` field: the presence's name and colour, and the tint of this user's selection as others see it. */
export type AwarenessUser = LiveUser & { colorLight: string };

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
  /** Whether the first sync is done: the live document holds the text (the editor can open on it). */
  synced: boolean;
  /** The server's answer for this connection: viewers and commenters only read. */
  readOnly: boolean;
  people: Person[];
  /** Bumped when the server closes the socket for a change of access (role changed or share revoked). */
  accessChanges: number;
  /** Whether a connection closed before the first sync (the server out of reach): the editor may be a while. */
  stalled: boolean;
}

/** Closes after which the page asks for its role again (the provider reconnects and learns its new scope by itself). */
const ACCESS_CLOSE_CODES = new Set<number>([COLLAB_CLOSE.SESSION_ENDED, COLLAB_CLOSE.ACCESS_CHANGED, COLLAB_CLOSE.DOCUMENT_DELETED]);

/**
 * A document's live copy (docs/decisions/0013-live-co-editing.md): a Y.Doc synced through Hocuspocus at
 * the same-origin `/ws-collab`, authenticated by the session cookie. Loaded lazily with the editor page.
 */
export class LiveDocument {
  readonly doc = new Y.Doc();
  readonly provider: HocuspocusProvider;
  private readonly socket: HocuspocusProviderWebsocket;
  private snapshot: LiveSnapshot = { status: 'connecting', synced: false, readOnly: false, people: [], accessChanges: 0, stalled: false };
  private readonly listeners = new Set<() => void>();
  /**
   * Edits made here that the server has not confirmed yet: apart from the snapshot, since it flips twice per keystroke
   * and only the save status shows it (the page would re-render whole on every key).
   */
  private unsynced = false;
  private readonly unsyncedListeners = new Set<() => void>();
  private markdown: LiveMarkdown | null = null;
  /**
   * The document's markdown (derived from its structure, a moment behind the typing); null until the first sync, and until
   * the editor has painted after it (deriving it for 100 kB takes a while: it is not on the way to the editor). Apart from
   * the snapshot too: it changes every few hundred milliseconds while anyone types, and only the character count (and an
   * open history's diff) shows it; the rest of the page reads it when it needs it (`markdownNow`).
   */
  private text: string | null = null;
  private readonly textListeners = new Set<() => void>();

  /**
   * Connects to the document as soon as its address is known; who this browser is shows in the presence once `present`
   * says (the server puts the session's user on the state anyway: docs/decisions/0031-hostile-collaboration.md).
   */
  constructor(documentId: number) {
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
      onSynced: () => this.update({ status: 'live', synced: true, readOnly: this.provider.authorizedScope === 'readonly' }),
      onUnsyncedChanges: () => {
        this.unsynced = this.provider.hasUnsyncedChanges;
        for (const listener of this.unsyncedListeners) listener();
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
          status: this.snapshot.synced ? 'reconnecting' : 'connecting',
          stalled: this.snapshot.stalled || !this.snapshot.synced,
          ...(accessChanged ? { accessChanges: this.snapshot.accessChanges + 1 } : {}),
        });
      },
    });
    this.provider.awareness?.on('change', this.updatePeople);
    this.provider.attach();
  }

  /** This browser in the presence, as `user` (the editor's carets show it to the others). */
  present(user: AwarenessUser): void {
    this.provider.setAwarenessField('user', user);
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LiveSnapshot => this.snapshot;

  /** For useSyncExternalStore: whether edits made here wait for the server. */
  subscribeUnsynced = (listener: () => void): (() => void) => {
    this.unsyncedListeners.add(listener);
    return () => this.unsyncedListeners.delete(listener);
  };

  getUnsynced = (): boolean => this.unsynced;

  /** For useSyncExternalStore: the derived markdown, as the character count shows it. */
  subscribeText = (listener: () => void): (() => void) => {
    this.textListeners.add(listener);
    return () => this.textListeners.delete(listener);
  };

  getText = (): string | null => this.text;

  /** The markdown as it is now, with the last keystrokes (the snapshot's may be a moment behind); null before the first sync. */
  markdownNow = (): string | null => this.follow()?.now() ?? null;

  /**
   * Starts deriving the markdown (the character count shows it: `getText`), then
   * follows the document's changes. The page calls it once the editor has painted; `markdownNow` sooner if asked.
   */
  followMarkdown = (): void => void this.follow();

  destroy(): void {
    this.listeners.clear();
    this.unsyncedListeners.clear();
    this.textListeners.clear();
    this.markdown?.stop();
    this.provider.awareness?.off('change', this.updatePeople);
    this.provider.destroy();
    this.socket.destroy();
    this.doc.destroy();
  }

  private follow(): LiveMarkdown | null {
    if (!this.snapshot.synced) return null;
    return (this.markdown ??= followMarkdown(this.doc, (text) => {
      this.text = text;
      for (const listener of this.textListeners) listener();
    }));
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
    // Every caret move changes the awareness: the page re-renders only when the people do.
    if (samePeople(people, this.snapshot.people)) return;
    this.update({ people });
  };

  private update(change: Partial<LiveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}

function samePeople(a: Person[], b: Person[]): boolean {
  return a.length === b.length && a.every((p, i) => p.key === b[i]!.key && p.name === b[i]!.name && p.color === b[i]!.color && p.self === b[i]!.self);
}

export const openLiveDocument = (documentId: number): LiveDocument => new LiveDocument(documentId);
