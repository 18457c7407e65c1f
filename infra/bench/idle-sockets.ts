import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { COLLAB_PATH, COLLAB_TOKEN, collabDocumentName } from '@prd/proto';
import type { StackState } from '../lib/stack.ts';
import { createDocument, type BenchUser } from './api.ts';
import { openHeapProbe } from './heap-probe.ts';
import { residentKb } from './memory.ts';

/**
 * What an idle connection costs the replica that holds it (docs/capacity.md): `count` sockets of one kind
 * opened straight to the service's own port (nginx holds its side of each too, not counted here) and left
 * idle, and the service's growth divided by them: live memory (V8 heap and external, after a full GC) and
 * resident size.
 */
export interface IdleSocketFigures {
  path: string;
  service: string;
  sockets: number;
  liveKibPerSocket: number;
  residentKibPerSocket: number;
}

/** Sockets opened at a time: a burst of thousands of upgrades would time the session lookups, not hold sockets. */
const BATCH = 100;

interface Held {
  ready: Promise<void>;
  close: () => void;
}

function plainSocket(url: string, user: BenchUser): Held {
  const socket = new WebSocket(url, { headers: { Cookie: user.cookie, Origin: new URL(url.replace(/^ws/, 'http')).origin } });
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`${url} refused the upgrade with ${res.statusCode}`)));
  });
  return { ready, close: () => socket.terminate() };
}

/** A live editor of the document, as a browser tab holds one: its socket and the synced provider on it. */
function collabSocket(url: string, user: BenchUser, documentId: number): Held {
  const headers = { Cookie: user.cookie, Origin: new URL(url.replace(/^ws/, 'http')).origin };
  const socket = new HocuspocusProviderWebsocket({
    url,
    WebSocketPolyfill: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
  });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: collabDocumentName(documentId), token: COLLAB_TOKEN, document: new Y.Doc() });
  provider.attach();
  const ready = new Promise<void>((resolve, reject) => {
    provider.on('synced', () => resolve());
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => reject(new Error(`refused: ${reason}`)));
  });
  return {
    ready,
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

function firstReplica(state: StackState, service: string): { pid: number; port: number } {
  const replica = state.processes.find((p) => p.kind === 'service' && new RegExp(`^${service}(-\\d+)?$`).test(p.name) && p.port);
  if (!replica?.port) throw new Error(`no ${service} replica in the stack state`);
  return { pid: replica.pid, port: replica.port };
}

async function measureKind(state: StackState, service: string, path: string, count: number, open: (url: string) => Held): Promise<IdleSocketFigures> {
  const { pid, port } = firstReplica(state, service);
  const url = `ws://127.0.0.1:${port}${path}`;
  const probe = await openHeapProbe(pid);
  const held: Held[] = [];
  try {
    const liveBefore = await probe.liveBytes();
    const residentBefore = residentKb(pid);
    for (let opened = 0; opened < count; opened += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - opened) }, () => open(url));
      held.push(...batch);
      await Promise.all(batch.map((h) => h.ready));
    }
    const liveAfter = await probe.liveBytes();
    const residentAfter = residentKb(pid);
    return { path, service, sockets: count, liveKibPerSocket: (liveAfter - liveBefore) / 1024 / count, residentKibPerSocket: (residentAfter - residentBefore) / count };
  } finally {
    for (const h of held) h.close();
    await probe.close();
  }
}

/** `count` idle sockets of each kind on the first replica of its service, one kind after the other. */
export async function measureIdleSockets(base: string, state: StackState, user: BenchUser, count: number): Promise<IdleSocketFigures[]> {
  const { id } = await createDocument(base, user, 'Idle sockets', '# Idle sockets\n');
  return [
    await measureKind(state, 'content', COLLAB_PATH, count, (url) => collabSocket(url, user, id)),
    await measureKind(state, 'chat', '/ws', count, (url) => plainSocket(url, user)),
    await measureKind(state, 'identity', '/ws-general', count, (url) => plainSocket(url, user)),
  ];
}
