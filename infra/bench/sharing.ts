import { nextMessage, nowMs, openSocket, postJson, register, type BenchUser } from './api.ts';
import { latencies, load, type LoadFigures, type Latencies } from './load.ts';
import { READ_PATH_CONNECTIONS, READ_PATH_DOCUMENTS } from './read-path.ts';
import { spread, type Spread } from './spread.ts';

/** `GET /api/documents?scope=shared` of a user to whom another shared the read path's 100 documents. */
export interface SharedReadPathFigures {
  documents: number;
  repetitions: LoadFigures[];
  rps: Spread;
  p50Ms: Spread;
  p99Ms: Spread;
  maxMs: Spread;
  failures: number;
}

/** Signed delays of the `notification` push to a document's owner after a colleague's comment. */
export interface NotificationPushFigures {
  /** From the `POST /api/documents/:id/comments` request being sent to the push arriving. */
  fromSend: Latencies;
  /** Comments whose push never came within the wait. */
  missing: number;
}

/** Shares each of `documentIds` (the owner's) with a new registered user as viewer; answers that user. */
export async function shareDocuments(base: string, owner: BenchUser, documentIds: number[]): Promise<BenchUser> {
  const reader = await register(base, 'shared');
  for (const id of documentIds) await postJson(base, owner, `/api/documents/${id}/shares`, { login: reader.username, role: 'viewer' });
  return reader;
}

/**
 * The shared list beside the owner's own (read-path.ts): the same 100 documents, listed for someone they
 * were shared with, at the same 50 connections through the gateway (grants joined; the owner's profile
 * from content's per-replica cache, asked of identity at most every 30 s).
 */
export async function measureSharedReadPath(base: string, reader: BenchUser, seconds: number, repetitions: number): Promise<SharedReadPathFigures> {
  const url = `${base}/api/documents?scope=shared`;
  const res = await fetch(url, { headers: { Cookie: reader.cookie } });
  const listed = (await res.json()) as unknown;
  if (res.status !== 200 || !Array.isArray(listed) || listed.length !== READ_PATH_DOCUMENTS)
    throw new Error(`GET /api/documents?scope=shared answered ${res.status} with ${Array.isArray(listed) ? listed.length : 'no'} documents, expected ${READ_PATH_DOCUMENTS}`);
  const runs: LoadFigures[] = [];
  for (let i = 0; i < repetitions; i++) runs.push(await load({ url, connections: READ_PATH_CONNECTIONS, seconds, headers: { Cookie: reader.cookie } }));
  const of = (pick: (r: LoadFigures) => number) => spread(runs.map(pick));
  return {
    documents: READ_PATH_DOCUMENTS,
    repetitions: runs,
    rps: of((r) => r.requestsPerSecond),
    p50Ms: of((r) => r.p50Ms),
    p99Ms: of((r) => r.p99Ms),
    maxMs: of((r) => r.maxMs),
    failures: runs.reduce((n, r) => n + r.failures, 0),
  };
}

/**
 * A colleague (commenter) comments on the owner's document, one comment at a time, while the owner's
 * `/ws-general` socket is open: content saves the comment, asks identity to notify the owner, and identity
 * pushes over Redis to the replica holding the socket. Signed delays, never clamped.
 */
export async function measureNotificationPush(base: string, owner: BenchUser, documentId: number, samples: number): Promise<NotificationPushFigures> {
  const colleague = await register(base, 'commenter');
  await postJson(base, owner, `/api/documents/${documentId}/shares`, { login: colleague.username, role: 'commenter' });
  const socket = await openSocket(base, '/ws-general', owner);
  try {
    const fromSend: number[] = [];
    let missing = 0;
    const warmup = 5;
    for (let i = 0; i < samples + warmup; i++) {
      const pushed = nextMessage(socket, 'notification');
      const sentAt = nowMs();
      await postJson(base, colleague, `/api/documents/${documentId}/comments`, { content: `Comment ${i}: is this measurable?` });
      const push = await pushed;
      if (i < warmup) continue;
      if (push === null) missing++;
      else fromSend.push(push.at - sentAt);
    }
    return { fromSend: latencies(fromSend), missing };
  } finally {
    socket.close();
  }
}
