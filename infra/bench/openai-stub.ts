// A zero-latency OpenAI-compatible provider for the benchmark: `POST /v1/chat/completions`, plain
// or streamed (server-sent events), answering a fixed reply at once, so that every millisecond the
// benchmark measures on the AI path is the product's own. It notes when it sent the first token of
// a streamed reply whose last user message holds a probe marker (`bench-probe-<id>`); the benchmark
// reads that back from `GET /bench/first-token/<id>` to time the first realtime partial. Offered the
// `update_document` tool (document chat), it calls it with the document of the prompt plus one line,
// so the benchmark's document chat goes through the whole edit path: validation, save, revision.
// Run as its own process by the benchmark: PORT.
import http from 'node:http';

const port = Number(process.env.PORT);
if (!port) throw new Error('openai-stub needs PORT');

const STUB_REPLY = 'This reply comes from the benchmark provider, which answers at once.';
const TOKENS = STUB_REPLY.split(/(?<= )/);
const PROBE = /bench-probe-([\w-]+)/;

const firstTokenAt = new Map<string, number>();
let completions = 0;

interface ChatRequest {
  model?: string;
  stream?: boolean;
  messages?: Array<{ role?: string; content?: unknown }>;
  tools?: Array<{ function?: { name?: string } }>;
}

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

const DOCUMENT_BLOCK = /<document\b[^>]*>\n([\s\S]*)\n<\/document>/i;

/** The `update_document` call a document-chat request gets: the prompt's document with one more line. */
function documentEdit(request: ChatRequest): ToolCall | undefined {
  if (!request.tools?.some((t) => t.function?.name === 'update_document')) return undefined;
  const system = request.messages?.find((m) => m.role === 'system')?.content;
  const document = (typeof system === 'string' ? DOCUMENT_BLOCK.exec(system)?.[1] : undefined) ?? '# Benchmark document';
  const args = { content: `${document}\n- Benchmark edit ${completions}`, summary: 'Added one line.' };
  return { id: `call_bench_${completions}`, type: 'function', function: { name: 'update_document', arguments: JSON.stringify(args) } };
}

function probeOf(request: ChatRequest): string | undefined {
  const last = request.messages?.filter((m) => m.role === 'user').at(-1);
  return typeof last?.content === 'string' ? PROBE.exec(last.content)?.[1] : undefined;
}

function stream(res: http.ServerResponse, model: string, probe: string | undefined, call: ToolCall | undefined) {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  TOKENS.forEach((token, i) => {
    if (i === 0 && probe) firstTokenAt.set(probe, performance.timeOrigin + performance.now());
    res.write(chunk(i === 0 ? { role: 'assistant', content: token } : { content: token }, null));
  });
  if (call) res.write(chunk({ tool_calls: [{ index: 0, ...call }] }, null));
  res.write(chunk({}, call ? 'tool_calls' : 'stop'));
  res.end('data: [DONE]\n\n');
}

function complete(res: http.ServerResponse, model: string, call: ToolCall | undefined) {
  const message = call ? { role: 'assistant', content: STUB_REPLY, tool_calls: [call] } : { role: 'assistant', content: STUB_REPLY };
  const body = {
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: call ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: TOKENS.length, total_tokens: TOKENS.length + 1 },
  };
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'GET' && url.startsWith('/bench/first-token/')) {
    const at = firstTokenAt.get(decodeURIComponent(url.slice('/bench/first-token/'.length)));
    res.writeHead(at === undefined ? 404 : 200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ at: at ?? null }));
    return;
  }
  if (req.method === 'GET' && url === '/bench/completions') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ completions }));
    return;
  }
  if (req.method !== 'POST' || !url.endsWith('/chat/completions')) {
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
    return;
  }
  const parts: Buffer[] = [];
  req.on('data', (part: Buffer) => parts.push(part));
  req.on('end', () => {
    let request: ChatRequest;
    try {
      request = JSON.parse(Buffer.concat(parts).toString('utf8')) as ChatRequest;
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'invalid JSON' } }));
      return;
    }
    completions++;
    const model = request.model ?? 'bench-model';
    const call = documentEdit(request);
    if (request.stream) stream(res, model, probeOf(request), call);
    else complete(res, model, call);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1');

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
