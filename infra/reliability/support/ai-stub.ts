import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubCall {
  path: string;
  authorization: string | undefined;
  body: { model?: string; stream?: boolean; messages?: Array<{ role: string; content: unknown }>; tools?: unknown[] };
}

/** What the stub answers to one chat-completions request: text and optional tool calls. */
export interface StubReply {
  content: string;
  toolCalls?: Array<{ name: string; arguments: string }>;
}

export type Script = (call: StubCall) => StubReply | Promise<StubReply>;

export const PLAIN_REPLY: Script = () => ({ content: 'A reply from the test provider.' });

/**
 * A zero-latency OpenAI-compatible server on loopback (`/v1/chat/completions`, plain or streamed, and
 * `/v1/realtime/sessions`) whose answers a test scripts. It records every call with its Authorization header.
 */
export class AiStub {
  readonly calls: StubCall[] = [];
  script: Script = PLAIN_REPLY;
  private server!: http.Server;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', () => {
      const path = req.url ?? '/';
      let body: StubCall['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as StubCall['body'];
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":{"message":"invalid JSON"}}');
        return;
      }
      const call: StubCall = { path, authorization: req.headers.authorization, body };
      this.calls.push(call);
      if (req.method === 'POST' && path.endsWith('/realtime/sessions')) {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ client_secret: { value: 'ek_test_ephemeral', expires_at: Math.floor(Date.now() / 1000) + 60 } }));
        return;
      }
      if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      void Promise.resolve(this.script(call)).then((reply) => {
        if (res.destroyed) return;
        if (body.stream) this.stream(res, body.model ?? 'stub', reply);
        else this.complete(res, body.model ?? 'stub', reply);
      });
    });
  }

  private complete(res: http.ServerResponse, model: string, reply: StubReply): void {
    const toolCalls = reply.toolCalls?.map((t, i) => ({ id: `call_${i}`, type: 'function', function: t }));
    const message = { role: 'assistant', content: reply.content, ...(toolCalls?.length ? { tool_calls: toolCalls } : {}) };
    const finish = toolCalls?.length ? 'tool_calls' : 'stop';
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-stub',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, finish_reason: finish }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  }

  private stream(res: http.ServerResponse, model: string, reply: StubReply): void {
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-stub', object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    const words = reply.content.split(/(?<= )/);
    words.forEach((w, i) => res.write(chunk(i === 0 ? { role: 'assistant', content: w } : { content: w }, null)));
    reply.toolCalls?.forEach((t, index) => res.write(chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: t }] }, null)));
    res.write(chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop'));
    res.end('data: [DONE]\n\n');
  }
}
