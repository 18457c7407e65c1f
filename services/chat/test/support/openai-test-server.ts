import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A chat-completions request as the test server received it. */
export interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  /** Resolves when the client closed the connection before the answer was complete (an aborted request). */
  closedEarly: Promise<void>;
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
    tools?: { type: string; function: { name: string } }[];
    [key: string]: unknown;
  };
}

/** What the server does with one request. */
export type Behaviour =
  | { reply: string; toolCall?: { name: string; arguments: Record<string, unknown> | string } }
  | { toolCall: { name: string; arguments: Record<string, unknown> | string }; reply?: string }
  | { status: 429 | 500 | 502 | 503 | 400 | 401; message?: string }
  /** Waits before answering with `then` (default: the default reply); a `delayMs` above the client's timeout is a hang. */
  | { delayMs: number; then?: Behaviour }
  /** Streams the first token, then waits `delayMs` before the rest (a slow stream). */
  | { reply: string; pauseAfterFirstTokenMs: number }
  /** Streams every token `tokenDelayMs` after the one before (a slow model). */
  | { reply: string; tokenDelayMs: number }
  /** Answers with `then` once `after` has resolved: what a test does while the model is answering. */
  | { after: Promise<unknown>; then: Behaviour };

export interface OpenAiTestServer {
  /** Base URL to give the SDK, ending in /v1. */
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Behaviours used in order for the next requests, before `respond`. */
  script: Behaviour[];
  /** Decides the behaviour when the script is empty (default: a text reply quoting the last user message). */
  respond: (request: ReceivedRequest) => Behaviour;
  reset(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export function lastUserMessage(request: ReceivedRequest): string {
  const users = (request.body.messages ?? []).filter((m) => m.role === 'user');
  return users.at(-1)?.content ?? '';
}

export const defaultRespond = (request: ReceivedRequest): Behaviour => ({ reply: `Model reply to: ${lastUserMessage(request).slice(0, 200)}` });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

let counter = 0;

async function answer(res: ServerResponse, request: ReceivedRequest, behaviour: Behaviour, fallback: (r: ReceivedRequest) => Behaviour): Promise<void> {
  if ('delayMs' in behaviour) {
    await sleep(behaviour.delayMs);
    if (res.destroyed) return;
    return answer(res, request, behaviour.then ?? fallback(request), fallback);
  }
  if ('after' in behaviour) {
    await behaviour.after;
    if (res.destroyed) return;
    return answer(res, request, behaviour.then, fallback);
  }
  if ('status' in behaviour) {
    return json(res, behaviour.status, { error: { message: behaviour.message ?? `scripted ${behaviour.status}`, type: 'test_error', code: null } });
  }
  const id = `chatcmpl-test-${++counter}`;
  const model = request.body.model ?? 'test-model';
  const created = Math.floor(Date.now() / 1000);
  const text = behaviour.reply ?? null;
  const toolCall =
    'toolCall' in behaviour && behaviour.toolCall
      ? {
          id: `call_${counter}`,
          type: 'function' as const,
          function: {
            name: behaviour.toolCall.name,
            arguments: typeof behaviour.toolCall.arguments === 'string' ? behaviour.toolCall.arguments : JSON.stringify(behaviour.toolCall.arguments),
          },
        }
      : null;
  if (!request.body.stream) {
    return json(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, finish_reason: toolCall ? 'tool_calls' : 'stop', message: { role: 'assistant', content: text, ...(toolCall ? { tool_calls: [toolCall] } : {}) } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  send({ role: 'assistant', content: '' });
  const tokens = text ? text.split(/(?<=\s)/) : [];
  for (const [i, token] of tokens.entries()) {
    send({ content: token });
    if (i === 0 && 'pauseAfterFirstTokenMs' in behaviour) await sleep(behaviour.pauseAfterFirstTokenMs);
    if ('tokenDelayMs' in behaviour) await sleep(behaviour.tokenDelayMs);
    if (res.destroyed) return;
  }
  if (toolCall) {
    const args = toolCall.function.arguments;
    const half = Math.floor(args.length / 2);
    send({ tool_calls: [{ index: 0, id: toolCall.id, type: 'function', function: { name: toolCall.function.name, arguments: args.slice(0, half) } }] });
    send({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] });
  }
  send({}, toolCall ? 'tool_calls' : 'stop');
  res.end('data: [DONE]\n\n');
}

/**
 * A local OpenAI-compatible server for tests and the benchmark: chat completions (plain and SSE
 * streaming, with tool calls) and realtime sessions, scriptable to fail with 429/5xx or to be slow.
 */
export async function startOpenAiTestServer(): Promise<OpenAiTestServer> {
  const state: Omit<OpenAiTestServer, 'baseUrl' | 'close'> = {
    requests: [],
    script: [],
    respond: defaultRespond,
    reset() {
      state.requests.length = 0;
      state.script.length = 0;
      state.respond = defaultRespond;
    },
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: ReceivedRequest['body'] = {};
      try {
        body = raw ? (JSON.parse(raw) as ReceivedRequest['body']) : {};
      } catch {
        return json(res, 400, { error: { message: 'invalid JSON' } });
      }
      const path = (req.url ?? '').split('?')[0]!;
      const closedEarly = new Promise<void>((resolve) => res.once('close', () => !res.writableFinished && resolve()));
      const request: ReceivedRequest = { path, authorization: req.headers.authorization, closedEarly, body };
      state.requests.push(request);
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const behaviour = state.script.shift() ?? state.respond(request);
        return answer(res, request, behaviour, state.respond);
      }
      if (req.method === 'POST' && path === '/v1/realtime/sessions') {
        return json(res, 200, {
          id: `sess_test_${++counter}`,
          object: 'realtime.session',
          model: body.model,
          client_secret: { value: `ek_test_${counter}`, expires_at: Math.floor(Date.now() / 1000) + 60 },
        });
      }
      return json(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    })().catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
