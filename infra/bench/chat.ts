import type WebSocket from 'ws';
import { createDocument, nowMs, openSocket, postJson, type BenchUser } from './api.ts';
import { latencies, load, type Latencies, type LoadFigures } from './load.ts';

export interface ChatFigures {
  /** One request at a time against the zero-latency provider: all of this latency is the product's. */
  latency: LoadFigures;
  /** The same for document chat: the document is read, the provider's edit validated and saved as a revision. */
  documentLatency: LoadFigures;
  /** Replies per second with several requests in flight. */
  throughput: LoadFigures;
  /** From the provider sending its first token to the client receiving the first partial on `/ws`. */
  firstPartial: Latencies & { missing: number };
  /** The same replies asked for as Server-Sent Events (docs/decisions/0014-streaming-replies.md), with `connections` in flight. */
  streamedThroughput: LoadFigures;
  /** From the provider sending its first token to the client receiving the first `delta` event (SSE, docs/decisions/0014-streaming-replies.md). */
  firstStreamedByte: Latencies & { missing: number };
}

interface ChatReply {
  assistantMessage: { provider: string | null; content: string };
  documentUpdated: boolean;
}

const WAIT_MS = 10_000;

export async function createThread(base: string, user: BenchUser): Promise<number> {
  return (await postJson<{ id: number }>(base, user, '/api/chat/threads', { title: 'Benchmark' })).id;
}

/** Fails unless a general-mode reply really comes from the OpenAI-compatible provider (not the offline assistant). */
async function checkProvider(base: string, user: BenchUser, threadId: number, stubBase: string): Promise<void> {
  const before = ((await (await fetch(`${stubBase}/bench/completions`)).json()) as { completions: number }).completions;
  const reply = await postJson<ChatReply>(base, user, '/api/chat', { content: 'Is the provider there?', mode: 'general', threadId }, 200);
  const after = ((await (await fetch(`${stubBase}/bench/completions`)).json()) as { completions: number }).completions;
  if (reply.assistantMessage.provider !== 'openai' || after <= before) {
    throw new Error(`the reply came from '${reply.assistantMessage.provider}', not the benchmark's OpenAI-compatible provider`);
  }
}

/** Document chat one request at a time on a new document; fails unless the provider's edit was really saved. */
async function documentChat(base: string, user: BenchUser, seconds: number): Promise<LoadFigures> {
  const { id } = await createDocument(base, user, 'Document chat benchmark', '# Document chat benchmark\n\n## Goals\n- One goal');
  const body = { content: 'Add one goal to this document.', documentId: id, documentTitle: 'Document chat benchmark', documentContext: '' };
  const reply = await postJson<ChatReply>(base, user, '/api/chat', body, 200);
  if (!reply.documentUpdated) throw new Error("document chat did not save the provider's edit");
  return load({
    url: `${base}/api/chat`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: user.cookie, Origin: base },
    body: JSON.stringify(body),
    connections: 1,
    seconds,
  });
}

/** Waits for the first assistant partial of the reply in progress; null if the reply ends without one. */
function firstPartial(socket: WebSocket): Promise<number | null> {
  return new Promise((resolve, reject) => {
    let partialAt: number | null = null;
    const timer = setTimeout(() => finish(new Error('no realtime reply within 10 s')), WAIT_MS);
    const finish = (err?: Error) => {
      clearTimeout(timer);
      socket.off('message', onMessage);
      if (err) reject(err);
      else resolve(partialAt);
    };
    const onMessage = (data: WebSocket.RawData) => {
      const at = nowMs();
      const frame = JSON.parse(String(data)) as { type: string; role?: string; isPartial?: boolean; message?: string };
      if (frame.type === 'error') return finish(new Error(`/ws answered an error: ${frame.message}`));
      if (frame.type !== 'message' || frame.role !== 'assistant') return;
      if (frame.isPartial && partialAt === null) partialAt = at;
      if (!frame.isPartial) finish();
    };
    socket.on('message', onMessage);
  });
}

function nextFrame(socket: WebSocket): Promise<{ type: string; sessionId?: string; message?: string }> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)) as { type: string; sessionId?: string })));
}

async function measureFirstPartial(base: string, user: BenchUser, stubBase: string, samples: number): Promise<ChatFigures['firstPartial']> {
  const socket = await openSocket(base, '/ws', user);
  try {
    const initialized = nextFrame(socket);
    socket.send(JSON.stringify({ type: 'init_session', userId: user.id }));
    const frame = await initialized;
    if (frame.type !== 'session_initialized' || !frame.sessionId) throw new Error(`/ws init_session answered ${JSON.stringify(frame)}`);
    const times: number[] = [];
    let missing = 0;
    const warmup = 3;
    for (let i = 0; i < samples + warmup; i++) {
      const probe = `${Date.now().toString(36)}-${i}`;
      const partial = firstPartial(socket);
      socket.send(JSON.stringify({ type: 'message', sessionId: frame.sessionId, content: `Realtime question bench-probe-${probe}` }));
      const partialAt = await partial;
      if (i < warmup) continue;
      const res = await fetch(`${stubBase}/bench/first-token/${probe}`);
      const { at } = (await res.json()) as { at: number | null };
      if (partialAt === null || at === null) missing++;
      else times.push(partialAt - at);
    }
    if (times.length === 0) throw new Error('no realtime partial arrived on /ws (every reply came whole)');
    return { ...latencies(times), missing };
  } finally {
    socket.close();
  }
}

/** Posts one streamed reply and resolves when the first `delta` event arrived (null if the stream ended without one). */
async function firstDelta(base: string, user: BenchUser, content: string): Promise<number | null> {
  const response = await fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Cookie: user.cookie, Origin: base },
    body: JSON.stringify({ content, mode: 'general' }),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  if (!response.ok || !response.body) throw new Error(`a streamed POST /api/chat answered ${response.status}`);
  const decoder = new TextDecoder();
  let text = '';
  let at: number | null = null;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const now = nowMs();
    text += decoder.decode(read.value, { stream: true });
    if (at === null && text.includes('event: delta\n')) at = now;
    if (text.includes('event: error\n')) throw new Error(`a streamed reply failed: ${text.slice(text.indexOf('event: error'))}`);
  }
  return at;
}

async function measureFirstStreamedByte(base: string, user: BenchUser, stubBase: string, samples: number): Promise<ChatFigures['firstStreamedByte']> {
  const times: number[] = [];
  let missing = 0;
  const warmup = 3;
  for (let i = 0; i < samples + warmup; i++) {
    const probe = `sse-${Date.now().toString(36)}-${i}`;
    const deltaAt = await firstDelta(base, user, `Streamed question bench-probe-${probe}`);
    if (i < warmup) continue;
    const { at } = (await (await fetch(`${stubBase}/bench/first-token/${probe}`)).json()) as { at: number | null };
    if (deltaAt === null || at === null) missing++;
    else times.push(deltaAt - at);
  }
  if (times.length === 0) throw new Error('no delta event arrived over SSE (every reply came whole)');
  return { ...latencies(times), missing };
}

/**
 * The AI path against the zero-latency provider: `POST /api/chat` (general mode, in a thread, then on a
 * document) one at a time for the latency, each after `warmupSeconds` of the same requests; with
 * `connections` in flight for replies per second; then the first realtime partial over `/ws`; then the
 * same replies streamed as Server-Sent Events (replies per second, and the first `delta` after the
 * provider's first token).
 */
export async function measureChat(
  base: string,
  user: BenchUser,
  stubBase: string,
  options: { seconds: number; warmupSeconds: number; connections: number; probes: number },
): Promise<ChatFigures> {
  const latencyThread = await createThread(base, user);
  await checkProvider(base, user, latencyThread, stubBase);
  const request = (threadId: number, accept = 'application/json') => ({
    url: `${base}/api/chat`,
    method: 'POST' as const,
    headers: { 'Content-Type': 'application/json', Accept: accept, Cookie: user.cookie, Origin: base },
    body: JSON.stringify({ content: 'Suggest one measurable goal for a PRD editor.', mode: 'general', threadId }),
  });
  // Each path is warmed up first on a thread or document of its own: the figures are a running service's, not the JIT's
  // first minutes, and the measured document starts as small as it always did (every reply adds a line to it).
  await load({ ...request(await createThread(base, user)), connections: 1, seconds: options.warmupSeconds }, 0);
  const latency = await load({ ...request(latencyThread), connections: 1, seconds: options.seconds });
  await documentChat(base, user, options.warmupSeconds);
  const documentLatency = await documentChat(base, user, options.seconds);
  const throughput = await load({ ...request(await createThread(base, user)), connections: options.connections, seconds: options.seconds });
  const firstPartialFigures = await measureFirstPartial(base, user, stubBase, options.probes);
  const streamedThroughput = await load({ ...request(await createThread(base, user), 'text/event-stream'), connections: options.connections, seconds: options.seconds });
  const firstStreamedByte = await measureFirstStreamedByte(base, user, stubBase, options.probes);
  return { latency, documentLatency, throughput, firstPartial: firstPartialFigures, streamedThroughput, firstStreamedByte };
}
