// A slow OpenAI-compatible provider for the end-to-end tests of streamed replies (docs/decisions/0014-streaming-replies.md): `POST
// /v1/chat/completions` streamed, one token every TOKEN_DELAY_MS, as a real model writes. Users of the
// test stack who store any API key are answered by it (the stack's OPENAI_BASE_URL); everyone else
// keeps the offline assistant. A document-chat request (it offers the update_document tool) gets its
// summary streamed, then an edit that appends a '## Streaming notes' section to the document.
// A request whose question carries `[hold:<key>]` holds its edit after the summary until the test calls
// `POST /release/<key>` (docs/decisions/0035-edits-merge.md: the test types while the AI's edit is in flight); `POST /hold/<key>`
// arms a released key again, so that the next request with it (a regenerated reply) is held too.
// Its realtime voice routes are infra/test/realtime-peer.ts.
// Run as its own process by the test run: PORT, TOKEN_DELAY_MS.
import http from 'node:http';
import { closePeers, handleRealtime } from './realtime-peer.ts';

const port = Number(process.env.PORT);
if (!port) throw new Error('slow-provider needs PORT');
const tokenDelayMs = Number(process.env.TOKEN_DELAY_MS ?? 60);

interface ChatRequest {
  model?: string;
  stream?: boolean;
  messages?: Array<{ role?: string; content?: unknown }>;
  tools?: unknown[];
}

let replies = 0;

/** Keys the test has released (a retried request passes at once), and the edits waiting for theirs. */
const released = new Set<string>();
const waiting = new Map<string, Array<() => void>>();

function heldUntilReleased(key: string): Promise<void> {
  if (released.has(key)) return Promise.resolve();
  return new Promise((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), resolve]));
}

function release(key: string): void {
  released.add(key);
  for (const resume of waiting.get(key) ?? []) resume();
  waiting.delete(key);
}

/** The key of `[hold:<key>]` in the latest question, if it has one. */
function holdKeyOf(request: ChatRequest): string | undefined {
  const question = request.messages?.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof question === 'string' ? /\[hold:([\w-]+)\]/.exec(question)?.[1] : undefined;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The document the chat service put into the system prompt, between its data-block tags. */
function documentOf(request: ChatRequest): string {
  const system = request.messages?.find((m) => m.role === 'system')?.content;
  const match = typeof system === 'string' ? /<document[^>]*>\n([\s\S]*?)\n<\/document>/.exec(system) : null;
  return match?.[1] ?? '# Document';
}

function replyText(request: ChatRequest, n: number): string {
  const question = request.messages?.filter((m) => m.role === 'user').at(-1)?.content;
  const filler = Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(' ');
  return `Slow reply number ${n} to: ${String(question).slice(0, 80)}\n\n${filler}\n\n| Step | Owner |\n|---|---|\n| Draft | PM |\n| Review | Team |\n\nEnd of slow reply number ${n}.`;
}

async function stream(res: http.ServerResponse, request: ChatRequest) {
  const n = ++replies;
  const model = request.model ?? 'slow-model';
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: `chatcmpl-slow-${n}`, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  let closed = false;
  res.on('close', () => (closed = true));
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const editing = Array.isArray(request.tools) && request.tools.length > 0;
  const text = editing ? `Adding a Streaming notes section to your document (edit number ${n}).` : replyText(request, n);
  for (const token of text.split(/(?<=\s)/)) {
    if (closed) return;
    res.write(chunk({ content: token }));
    await sleep(tokenDelayMs);
  }
  if (editing) {
    const key = holdKeyOf(request);
    if (key) await heldUntilReleased(key);
    if (closed) return;
    const content = `${documentOf(request).trimEnd()}\n\n## Streaming notes\n\nWritten by the slow test provider, edit number ${n}.\n`;
    const args = JSON.stringify({ content, summary: `Added a Streaming notes section (edit number ${n}).` });
    res.write(chunk({ tool_calls: [{ index: 0, id: `call_${n}`, type: 'function', function: { name: 'update_document', arguments: args } }] }));
  }
  res.write(chunk({}, editing ? 'tool_calls' : 'stop'));
  res.end('data: [DONE]\n\n');
}

const server = http.createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (part: Buffer) => parts.push(part));
  req.on('end', () => {
    const body = Buffer.concat(parts).toString('utf8');
    if (handleRealtime(req, res, body)) return;
    const holding = req.method === 'POST' ? /^\/(release|hold)\/([\w-]+)$/.exec(req.url ?? '') : null;
    if (holding?.[2]) {
      if (holding[1] === 'release') release(holding[2]);
      else released.delete(holding[2]);
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'POST' || !(req.url ?? '').endsWith('/chat/completions')) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let request: ChatRequest;
    try {
      request = JSON.parse(body) as ChatRequest;
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'invalid JSON' } }));
      return;
    }
    if (request.stream) {
      void stream(res, request).catch(() => res.destroy());
      return;
    }
    // Calls that do not stream (a thread's auto-title) get a short answer at once.
    const message = { role: 'assistant', content: 'Slow provider title' };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-slow',
        object: 'chat.completion',
        created: 0,
        model: request.model ?? 'slow-model',
        choices: [{ index: 0, message, finish_reason: 'stop' }],
      }),
    );
  });
});
server.listen(port, '127.0.0.1');

const stop = () => void closePeers().finally(() => server.close(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
