import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpTransport, type InternalTransport } from './http-transport.js';
import { internalCall, InternalCallError } from './internal-call.js';

/** A socket's or look-up's error as Node's `http` reports it. */
const socketError = (code: string, message: string) => Object.assign(new Error(message), { code });

const failing = async (call: Promise<unknown>) => {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InternalCallError);
  return err as InternalCallError;
};

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
  });

describe('internalCall', () => {
  let server: Server;
  let closedPort: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/internal/echo') {
        void bodyOf(req).then((body) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, headers: req.headers, body: JSON.parse(body) as unknown })),
        );
      } else if (req.url === '/internal/refused') {
        res.writeHead(403, { 'content-type': 'application/json' }).end('{"code":"FORBIDDEN","message":"Only the owner may do this"}');
      } else if (req.url === '/internal/silent') {
        // Never answers: the caller's time limit ends the call.
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('names the cause of a refused connection and the time spent, after sending it once more', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const err = await failing(internalCall({ baseUrl: `http://127.0.0.1:${closedPort}`, token: 't' }, 'GET', '/internal/users/1'));
      expect(err.status).toBe(503);
      expect(err.body.description).toMatch(/^ECONNREFUSED connect ECONNREFUSED 127\.0\.0\.1:\d+ \(after \d+ ms, attempt 2\)$/);
      expect((err.cause as { code: string }).code).toBe('ECONNREFUSED');
      expect(warn.mock.calls).toEqual([[expect.stringMatching(/^InternalCallRetry: GET 127\.0\.0\.1:\d+\/internal\/users\/1: ECONNREFUSED .*attempt 1\); sending it again$/)]]);
    } finally {
      warn.mockRestore();
    }
  });

  it('sends a request whose name did not resolve once more, whatever its method, and answers what the second attempt got', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transport = jest.fn<InternalTransport>().mockRejectedValueOnce(socketError('ENOTFOUND', 'getaddrinfo ENOTFOUND identity')).mockImplementation(httpTransport);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await expect(internalCall({ baseUrl: url, token: 't', transport }, 'POST', '/internal/users/guests', { clientAddress: 'x' })).resolves.toEqual({ ok: true });
    expect(transport).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('never sends again a request that may have reached the peer (connection lost after connecting)', async () => {
    const transport = jest.fn<InternalTransport>().mockRejectedValue(socketError('ECONNRESET', 'read ECONNRESET'));
    const err = await failing(internalCall({ baseUrl: 'http://identity:4001', token: 't', transport }, 'POST', '/internal/usage/consume', { userId: 1 }));
    expect(transport).toHaveBeenCalledTimes(1);
    expect(err.body.description).toMatch(/^ECONNRESET read ECONNRESET \(after \d+ ms, attempt 1\)$/);
  });

  it("names a wrapped failure's cause, as fetch reports it", async () => {
    const fetchFailed = new TypeError('fetch failed', { cause: socketError('ECONNRESET', 'read ECONNRESET') });
    const err = await failing(internalCall({ baseUrl: 'http://identity:4001', token: 't', transport: () => Promise.reject(fetchFailed) }, 'GET', '/internal/users/1'));
    expect(err.body.description).toMatch(/^fetch failed: ECONNRESET read ECONNRESET \(after \d+ ms, attempt 1\)$/);
  });

  it('gives up at its time limit, saying so, and does not send it again', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const transport = jest.fn<InternalTransport>(httpTransport);
    const err = await failing(internalCall({ baseUrl: url, token: 't', timeoutMs: 50, transport }, 'GET', '/internal/silent'));
    expect(transport).toHaveBeenCalledTimes(1);
    expect(err.status).toBe(503);
    expect(err.body.description).toMatch(/^no answer within the time limit \(after \d+ ms, attempt 1\)$/);
  });

  it('sends JSON with its length, the token and the request id, and reads the answer', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await internalCall<{ method: string; headers: Record<string, string>; body: unknown }>(
      { baseUrl: url, token: 'secret', requestId: 'req-1' },
      'PUT',
      '/internal/echo',
      { content: 'Ünïcode ✓' },
    );
    expect(answer).toMatchObject({ method: 'PUT', body: { content: 'Ünïcode ✓' } });
    expect(answer.headers).toMatchObject({ 'x-internal-token': 'secret', 'x-request-id': 'req-1', 'content-type': 'application/json' });
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify({ content: 'Ünïcode ✓' }))));
  });

  it("turns a peer's refusal into an InternalCallError with its body", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const err = await failing(internalCall({ baseUrl: url, token: 't' }, 'GET', '/internal/refused'));
    expect([err.status, err.body]).toEqual([403, { code: 'FORBIDDEN', message: 'Only the owner may do this' }]);
  });
});
