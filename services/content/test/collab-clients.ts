import { HocuspocusProvider, HocuspocusProviderWebsocket, type onAuthenticatedParameters } from '@hocuspocus/provider';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { documentFragment, yFragmentToMarkdown } from '@prd/doc-model';
import { COLLAB_PATH, COLLAB_TOKEN, collabDocumentName } from '@prd/proto';
import { CollabServer } from '../src/collab/collab.server.js';

/** A Hocuspocus client in Node as the browser's is: the session cookie and the page's Origin on the upgrade. */
export interface CollabClient {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** The document's structure, as the browser's editor binds it (docs/decisions/0039-shared-document-model.md). */
  fragment: Y.XmlFragment;
  /** The scope the server granted ('read-write' or 'readonly'), once authenticated. */
  scope: Promise<string>;
  synced: Promise<void>;
  /** The code of the next close of the socket. */
  nextClose: () => Promise<number>;
  /** The reason of the next refused authentication. */
  nextRefusal: () => Promise<string>;
  /** The next authenticated scope (after a reconnect). */
  nextScope: () => Promise<string>;
  /** Sends a frame of the client's own making on its socket, as a hostile client would. */
  send: (frame: Uint8Array) => void;
  destroy: () => void;
}

/** ws with fixed headers: the provider constructs its socket with the URL only. */
function socketWith(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

export function collabUrl(serviceUrl: string): string {
  return `${serviceUrl.replace(/^http/, 'ws')}${COLLAB_PATH}`;
}

export function connect(serviceUrl: string, cookie: string, documentId: number): CollabClient {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: collabUrl(serviceUrl),
    WebSocketPolyfill: socketWith({ Cookie: cookie, Origin: new URL(serviceUrl).origin }),
    // The reconnect delay may not go below minDelay, or the provider never reconnects.
    delay: 1000,
    minDelay: 1000,
  });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: collabDocumentName(documentId), token: COLLAB_TOKEN, document: doc });
  provider.attach();
  const once = <T>(event: string, pick: (payload: never) => T) =>
    new Promise<T>((resolve) => {
      const handler = (payload: never) => {
        provider.off(event, handler);
        resolve(pick(payload));
      };
      provider.on(event, handler);
    });
  return {
    provider,
    doc,
    fragment: documentFragment(doc),
    scope: once('authenticated', (p: onAuthenticatedParameters) => p.scope),
    synced: once('synced', () => undefined),
    nextClose: () => once('close', (p: { event: { code: number } }) => p.event.code),
    nextRefusal: () => once('authenticationFailed', (p: { reason: string }) => p.reason),
    nextScope: () => once('authenticated', (p: onAuthenticatedParameters) => p.scope),
    send: (frame) => socket.webSocket?.send(frame),
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** The markdown of a client's document, as the server derives it to store. */
export const markdownOf = (client: CollabClient): string => yFragmentToMarkdown(client.doc);

/** A text's characters without its marks (the index of each is the index in the XmlText). */
export const plainText = (text: Y.XmlText): string =>
  text
    .toDelta()
    .map((part: { insert: unknown }) => (typeof part.insert === 'string' ? part.insert : ''))
    .join('');

/** The text (of a paragraph, a heading, a list item's or a cell's paragraph) that holds `needle`, depth first. */
export function textHolding(type: Y.XmlFragment | Y.XmlElement, needle: string): Y.XmlText | null {
  for (const child of type.toArray()) {
    const found = child instanceof Y.XmlText ? (plainText(child).includes(needle) ? child : null) : child instanceof Y.XmlElement ? textHolding(child, needle) : null;
    if (found) return found;
  }
  return null;
}

/**
 * Types `text` into the paragraph (or heading, item, cell) holding `needle`, as a person's keystrokes do
 * (one insert into its XmlText): right after the needle, or at the text's start or end.
 */
export function typeIn(client: CollabClient, needle: string, text: string, at: 'after' | 'start' | 'end' = 'after'): void {
  const target = textHolding(client.fragment, needle);
  if (!target) throw new Error(`no text holds “${needle}”`);
  const index = at === 'start' ? 0 : at === 'end' ? target.length : plainText(target).indexOf(needle) + needle.length;
  target.insert(index, text);
}

/** Adds a paragraph of `text` after the top-level block holding `needle` (at the end when null): Enter, then typing. */
export function addParagraph(client: CollabClient, needle: string | null, text: string): void {
  const blocks = client.fragment.toArray();
  const after = needle === null ? blocks.length - 1 : blocks.findIndex((block) => block instanceof Y.XmlElement && textHolding(block, needle));
  if (after < 0) throw new Error(`no block holds “${needle}”`);
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  client.fragment.insert(after + 1, [paragraph]);
}

/** Resolves once the client's markdown satisfies `done`, checking now and after every change (never on a timer). */
export function untilMarkdown(client: CollabClient, done: (value: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      const value = markdownOf(client);
      if (!done(value)) return;
      client.fragment.unobserveDeep(check);
      resolve(value);
    };
    client.fragment.observeDeep(check);
    check();
  });
}

/** Resolves with the awareness states once one satisfies `done`. */
export function untilAwareness(client: CollabClient, done: (state: Record<string, unknown>) => boolean): Promise<void> {
  const awareness = client.provider.awareness;
  if (!awareness) throw new Error('the provider has no awareness');
  return new Promise((resolve) => {
    const check = () => {
      if (![...awareness.getStates().values()].some(done)) return;
      awareness.off('change', check);
      resolve();
    };
    awareness.on('change', check);
    check();
  });
}

/** Resolves after the replica's next store of the document (the debounced onStoreDocument and what follows it). */
export function nextStore(app: NestFastifyApplication, documentId: number): Promise<void> {
  const { hocuspocus } = app.get(CollabServer);
  const name = collabDocumentName(documentId);
  return new Promise((resolve) => {
    const extension = {
      afterStoreDocument: async ({ documentName }: { documentName: string }) => {
        if (documentName !== name) return;
        hocuspocus.configuration.extensions.splice(hocuspocus.configuration.extensions.indexOf(extension), 1);
        resolve();
      },
    };
    hocuspocus.configuration.extensions.push(extension);
  });
}
