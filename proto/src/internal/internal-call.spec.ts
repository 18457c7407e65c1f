import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { internalCall, InternalCallError } from './internal-call.js';

/** undici's `fetch failed`, wrapping the socket's or the look-up's error as Node's fetch does. */
const fetchFailed = (code: string, message: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });

const failing = async (call: Promise<unknown>) => {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InternalCallError);
  return err as InternalCallError;
};

describe('internalCall', () => {
  let server: Server;
  let closedPort: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
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
      expect(err.body.description).toMatch(/^fetch failed: ECONNREFUSED .*\(after \d+ ms, attempt 2\)$/);
      expect((err.cause as Error).message).toBe('fetch failed');
      expect(warn.mock.calls).toEqual([
        [expect.stringMatching(/^InternalCallRetry: GET 127\.0\.0\.1:\d+\/internal\/users\/1: fetch failed: ECONNREFUSED .*attempt 1\); sending it again$/)],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('sends a request whose name did not resolve once more, whatever its method, and answers what the second attempt got', async () => {
    const real = globalThis.fetch;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = jest.fn<typeof globalThis.fetch>().mockRejectedValueOnce(fetchFailed('ENOTFOUND', 'getaddrinfo ENOTFOUND identity')).mockImplementation(real);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await expect(internalCall({ baseUrl: url, token: 't', fetch }, 'POST', '/internal/users/guests', { clientAddress: 'x' })).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('never sends again a request that may have reached the peer (connection lost after connecting)', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>().mockRejectedValue(fetchFailed('ECONNRESET', 'read ECONNRESET'));
    const err = await failing(internalCall({ baseUrl: 'http://identity:4001', token: 't', fetch }, 'POST', '/internal/usage/consume', { userId: 1 }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(err.body.description).toMatch(/^fetch failed: ECONNRESET read ECONNRESET \(after \d+ ms, attempt 1\)$/);
  });

  it('gives up at its time limit, saying so', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>(
      (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
    );
    const err = await failing(internalCall({ baseUrl: 'http://identity:4001', token: 't', timeoutMs: 50, fetch }, 'GET', '/internal/users/1'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(err.body.description).toMatch(/^The operation was aborted due to timeout \(after \d+ ms, attempt 1\)$/);
  });
});
