import { HocuspocusProvider, type HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { documentFragment } from '@prd/doc-model';
import { COLLAB_TOKEN, collabDocumentName } from '@prd/proto';
import type { StackState } from '../lib/stack.ts';
import { createDocument, nowMs, type BenchUser } from './api.ts';
import { socketTo } from './live-client.ts';
import { openHeapProbe } from './heap-probe.ts';
import { latencies, type Latencies } from './load.ts';

/** docs/decisions/0022-co-editing-with-hocuspocus.md: how fast an edit reaches another editor, and what an open document costs content. */
export interface CollabFigures {
  /** From one client's edit to another client (on another replica when there are two) seeing it, while every client types. */
  propagation: Latencies;
  /** Probes never seen within the wait. */
  missing: number;
  clients: number;
  /** Live memory (heap and external, after a full collection) the content replica grew by per open document (KiB), and what was opened. */
  memoryPerDocumentKib: number;
  documentsOpened: number;
  documentBytes: number;
}

export interface CollabSettings {
  clients: number;
  probes: number;
  /** Edits per second of each of the other clients while the probes run. */
  typingPerSecond: number;
  documents: number;
}

const WAIT_MS = 5_000;

/** A 4 kB PRD, about what a template filled in a little holds. */
export const COLLAB_DOCUMENT = `# Checkout redesign\n\n${['Goals', 'Users', 'Requirements', 'Metrics', 'Risks', 'Timeline']
  .map((h) => `## ${h}\n\n${'- A requirement that is measurable and has an owner.\n'.repeat(10)}`)
  .join('\n')}`;

/** The content replicas' own addresses (not nginx), so that clients can be put on different replicas. */
function contentReplicas(state: StackState): Array<{ url: string; pid: number }> {
  return state.processes.filter((p) => p.kind === 'service' && /^content(-\d+)?$/.test(p.name) && p.port).map((p) => ({ url: `http://127.0.0.1:${p.port}`, pid: p.pid }));
}

interface Editor {
  doc: Y.Doc;
  synced: Promise<void>;
  close: () => void;
}

/** Where a bench editor types: the document's first text (its title's), a Y.XmlText as y-tiptap keeps each block's text. */
export function typingText(doc: Y.Doc): Y.XmlText {
  const first = (type: Y.XmlFragment): Y.XmlText | null => {
    for (const child of type.toArray()) {
      const found = child instanceof Y.XmlText ? child : child instanceof Y.XmlElement ? first(child) : null;
      if (found) return found;
    }
    return null;
  };
  const text = first(documentFragment(doc));
  if (!text) throw new Error('the document has no text to type into');
  return text;
}

function edit(socket: HocuspocusProviderWebsocket, documentId: number): Editor {
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: collabDocumentName(documentId), token: COLLAB_TOKEN, document: doc });
  provider.attach();
  const synced = new Promise<void>((resolve, reject) => {
    provider.on('synced', () => resolve());
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => reject(new Error(`refused: ${reason}`)));
  });
  return { doc, synced, close: () => provider.destroy() };
}

/** When `marker` arrives in a text of the observer's document: the moment of the change that inserted it. */
export function arrival(doc: Y.Doc, marker: string): Promise<number | null> {
  const fragment = documentFragment(doc);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      fragment.unobserveDeep(seen);
      resolve(null);
    }, WAIT_MS);
    const seen = (events: Y.YEvent<Y.XmlText>[]) => {
      const at = nowMs();
      if (!events.some((event) => event instanceof Y.YTextEvent && event.changes.delta.some((d) => typeof d.insert === 'string' && d.insert.includes(marker)))) return;
      clearTimeout(timer);
      fragment.unobserveDeep(seen);
      resolve(at);
    };
    fragment.observeDeep(seen);
  });
}

/**
 * `clients` editors on one document, spread over the content replicas (alternately); all but two type
 * steadily while client 0 inserts a marker at a time and client 1 (on the other replica) waits for
 * it. Then `documents` documents are opened on one replica and its live memory compared.
 */
export async function measureCollab(base: string, state: StackState, user: BenchUser, settings: CollabSettings): Promise<CollabFigures> {
  const replicas = contentReplicas(state);
  if (replicas.length === 0) throw new Error('no content replica in the stack state');
  const { id } = await createDocument(base, user, 'Co-editing benchmark', COLLAB_DOCUMENT);
  // One socket per editor, as each browser has (a socket carries one provider per document).
  const sockets = Array.from({ length: settings.clients }, (_, i) => socketTo(replicas[i % replicas.length]!.url, user));
  const editors = sockets.map((socket) => edit(socket, id));
  let typing: NodeJS.Timeout | undefined;
  try {
    await Promise.all(editors.map((e) => e.synced));
    const [writer, observer, ...typists] = editors;
    if (!writer || !observer) throw new Error('needs at least two clients');
    let n = 0;
    typing = setInterval(() => {
      for (const typist of typists) {
        const text = typingText(typist.doc);
        text.insert(Math.floor(text.length / 2), `t${n++} `);
      }
    }, 1000 / settings.typingPerSecond);
    const delays: number[] = [];
    let missing = 0;
    for (let i = 0; i < settings.probes; i++) {
      const marker = `[probe-${i}]`;
      const seen = arrival(observer.doc, marker);
      const sentAt = nowMs();
      typingText(writer.doc).insert(0, marker);
      const at = await seen;
      if (at === null) missing++;
      else delays.push(at - sentAt);
    }
    clearInterval(typing);
    typing = undefined;

    const replica = replicas[0]!;
    const opened = await Promise.all(Array.from({ length: settings.documents }, (_, i) => createDocument(base, user, `Open document ${i}`, COLLAB_DOCUMENT)));
    const probe = await openHeapProbe(replica.pid);
    const socket = socketTo(replica.url, user);
    const held: Editor[] = [];
    try {
      const before = await probe.liveBytes();
      held.push(...opened.map((d) => edit(socket, d.id)));
      await Promise.all(held.map((e) => e.synced));
      const after = await probe.liveBytes();
      return {
        propagation: latencies(delays),
        missing,
        clients: settings.clients,
        memoryPerDocumentKib: (after - before) / 1024 / settings.documents,
        documentsOpened: settings.documents,
        documentBytes: Buffer.byteLength(COLLAB_DOCUMENT),
      };
    } finally {
      for (const e of held) e.close();
      socket.destroy();
      await probe.close();
    }
  } finally {
    if (typing) clearInterval(typing);
    for (const e of editors) e.close();
    for (const s of sockets) s.destroy();
  }
}
