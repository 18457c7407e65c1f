import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { pino } from 'pino';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import supertest from 'supertest';
import { baseConfigSchema } from '../src/index.js';
import { browserRequest as request, startTestService, testRedisUrl, type TestService } from '../src/testing/index.js';
import { freePort } from '@prd/infra/lib/ports.ts';
import { startRedis, stopRedis } from '@prd/infra/lib/redis.ts';
import { sleep } from '@prd/infra/lib/process.ts';
import { NotesModule, RefusingModule } from './fixtures/notes.module.js';

const start = (env: Record<string, string> = {}) => startTestService({ service: 'notes', configSchema: baseConfigSchema, module: (c, l) => NotesModule.register(c, l), env });

describe('a service built on the kit', () => {
  let svc: TestService<unknown>;
  beforeAll(async () => {
    svc = await start();
  });
  afterAll(() => svc.close());

  it('applies its migrations and serves a validated route', async () => {
    const res = await request(svc.url).post('/api/notes').send({ text: 'first' }).expect(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), text: 'first' });
  });

  it('answers a validation failure with 400 and the field messages', async () => {
    const res = await request(svc.url).post('/api/notes').send({ text: '', pinned: 'yes' }).expect(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Note text is required',
      fields: { text: 'Note text is required', pinned: 'Pinned must be true or false' },
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request(svc.url).post('/api/notes').set('Content-Type', 'application/json').send('{"text":').expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/not valid JSON/) });
  });

  it('refuses a form post and a cross-site origin on state-changing routes', async () => {
    await request(svc.url).post('/api/notes').type('form').send('text=hi').expect(415);
    const res = await request(svc.url).post('/api/notes').set('Origin', 'https://evil.example').send({ text: 'x' }).expect(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    const host = new URL(svc.url).host;
    await request(svc.url).post('/api/notes').set('Origin', `http://${host}`).send({ text: 'same origin' }).expect(201);
  });

  it('refuses a state-changing request that names no origin, and accepts a same-origin Referer instead', async () => {
    const bare = await supertest(svc.url).post('/api/notes').send({ text: 'no origin' }).expect(403);
    expect(bare.body).toEqual({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    await supertest(svc.url).post('/api/notes').set('Referer', 'https://evil.example/page').send({ text: 'x' }).expect(403);
    await supertest(svc.url).post('/api/notes').set('Origin', 'null').send({ text: 'x' }).expect(403);
    await supertest(svc.url).post('/api/notes').set('Referer', `${svc.url}/documents/1`).send({ text: 'referer' }).expect(201);
  });

  it('checks the routed path, so a percent-encoded or odd path is no way round it', async () => {
    for (const path of ['/%61pi/notes', '/api/%6eotes', '/api//notes', '/api/notes/', '/API/notes', '/%2Fapi/notes']) {
      const res = await supertest(svc.url).post(path).set('Origin', 'https://evil.example').send({ text: 'x' });
      expect([path, res.status === 201]).toEqual([path, false]);
    }
    await supertest(svc.url).post('/%61pi/notes').set('Origin', 'https://evil.example').send({ text: 'x' }).expect(403);
    await supertest(svc.url).post('/%61pi/notes').send({ text: 'x' }).expect(403);
    await supertest(svc.url).post('/%61pi/notes').set('Origin', svc.url).type('form').send('text=x').expect(415);
    await request(svc.url).post('/%61pi/notes').send({ text: 'encoded but same origin' }).expect(201);
  });

  it('answers an unknown route with the error body', async () => {
    const res = await request(svc.url).get('/api/unknown').expect(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('names itself and keeps the request id it was given', async () => {
    const res = await request(svc.url).get('/healthz').set('X-Request-Id', 'req-123').expect(200);
    expect(res.headers['x-service']).toBe('notes');
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(res.body).toEqual({ service: 'notes', status: 'ok' });
  });

  it('logs one JSON line per request, with the request id nginx gave it and without the query string', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ base: { service: 'notes' } }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const logged = await startTestService({ service: 'notes', configSchema: baseConfigSchema, module: (c, l) => NotesModule.register(c, l), logger });
    try {
      await request(logged.url).get('/healthz?t=123').set('X-Request-Id', 'req-log-1').expect(200);
      const forRequest = lines.filter((l) => l.reqId === 'req-log-1');
      expect(forRequest).toEqual([expect.objectContaining({ service: 'notes', msg: 'request completed', method: 'GET', path: '/healthz', statusCode: 200 })]);
    } finally {
      await logged.close();
    }
  });

  it('starts without a deprecation warning from its frameworks', async () => {
    // Libraries warn through process.emitWarning (Fastify once per server for some, on every start for others).
    const emitWarning = jest.spyOn(process, 'emitWarning');
    try {
      const another = await start();
      await request(another.url).get('/healthz').expect(200);
      await another.close();
      const warnings = emitWarning.mock.calls.map(([warning, options]) => `${typeof options === 'object' ? options.type : options} ${String(warning)}`);
      expect(warnings.filter((w) => /Deprecation/.test(w))).toEqual([]);
    } finally {
      emitWarning.mockRestore();
    }
  });

  it('writes a share link’s token in a request’s path as [redacted]', async () => {
    const lines: string[] = [];
    const logger = pino({ base: { service: 'notes' } }, { write: (line: string) => void lines.push(line) });
    const logged = await startTestService({ service: 'notes', configSchema: baseConfigSchema, module: (c, l) => NotesModule.register(c, l), logger });
    const token = 'Zm9yLXlvdXItZXllcy1vbmx5LXRva2Vu';
    try {
      await request(logged.url).get(`/api/share/${token}`).set('X-Request-Id', 'req-share-1').expect(404);
      await request(logged.url).get(`/API/Share//${token}/x?y=1`).set('X-Request-Id', 'req-share-2').expect(404);
      await request(logged.url).post(`/api/invites/${token}/accept`).set('X-Request-Id', 'req-share-3').expect(404);
      const paths = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => String(l.reqId).startsWith('req-share-'))
        .map((l) => l.path);
      expect(paths).toEqual(['/api/share/[redacted]', '/API/Share//[redacted]/x', '/api/invites/[redacted]/accept']);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await logged.close();
    }
  });

  it('keeps a session in Redis behind an HttpOnly, SameSite cookie', async () => {
    const set = await request(svc.url).post('/api/notes/session').expect(201);
    const cookie = set.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^prd\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const value = cookie.split(';')[0]!;
    const read = await request(svc.url).get('/api/notes/session').set('Cookie', value).expect(200);
    expect(read.body).toEqual({ userId: 42 });
    const forged = await request(svc.url).get('/api/notes/session').set('Cookie', `${value}x`).expect(200);
    expect(forged.body).toEqual({ userId: null });
  });

  it('sets the cookie only when the session changed, Secure over https', async () => {
    const anonymous = await request(svc.url).get('/api/notes/session').expect(200);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    const set = await request(svc.url).post('/api/notes/session').expect(201);
    const value = (set.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const read = await request(svc.url).get('/api/notes/session').set('Cookie', value).expect(200);
    expect(read.headers['set-cookie']).toBeUndefined();
    const tls = await request(svc.url).post('/api/notes/session').set('X-Forwarded-Proto', 'https').expect(201);
    expect(tls.headers['set-cookie']?.[0]).toMatch(/; Secure/);
    expect(set.headers['set-cookie']?.[0]).not.toMatch(/; Secure/);
  });

  it('treats a tampered signature, an unknown id and an expired session as no session, and clears their cookie', async () => {
    const set = await request(svc.url).post('/api/notes/session').expect(201);
    const value = (set.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const [name, signed] = value.split('=') as [string, string];
    const id = decodeURIComponent(signed).split('.').slice(0, -1).join('.');
    const signature = decodeURIComponent(signed).split('.').at(-1)!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const cases = {
      tampered: `${name}=${encodeURIComponent(`${id}.${flipped}`)}`,
      otherId: `${name}=${encodeURIComponent(`x${id}.${signature}`)}`,
    };
    for (const [what, cookie] of Object.entries(cases)) {
      const res = await request(svc.url).get('/api/notes/session').set('Cookie', cookie).expect(200);
      expect([what, res.body]).toEqual([what, { userId: null }]);
      expect([what, res.headers['set-cookie']?.[0]]).toEqual([what, expect.stringMatching(/^prd\.sid=;/)]);
    }
    const redis = new Redis(testRedisUrl());
    try {
      // Signed right but unknown to Redis (expired there, or never issued).
      expect(await redis.del(`sess:${id}`)).toBe(1);
      const unknown = await request(svc.url).get('/api/notes/session').set('Cookie', value).expect(200);
      expect(unknown.body).toEqual({ userId: null });
      expect(unknown.headers['set-cookie']?.[0]).toMatch(/^prd\.sid=;/);
      // Still in Redis but past the session's own expiry.
      const again = await request(svc.url).post('/api/notes/session').expect(201);
      const againValue = (again.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
      const againId = decodeURIComponent(againValue.split('=')[1]!).split('.').slice(0, -1).join('.');
      const stored = JSON.parse((await redis.get(`sess:${againId}`))!) as { cookie: Record<string, unknown>; userId: number };
      expect(stored.userId).toBe(42);
      const past = new Date(Date.now() - 1000).toISOString();
      await redis.set(`sess:${againId}`, JSON.stringify({ ...stored, cookie: { ...stored.cookie, expires: past, originalExpires: past } }), 'EX', 60);
      const expired = await request(svc.url).get('/api/notes/session').set('Cookie', againValue).expect(200);
      expect(expired.body).toEqual({ userId: null });
      expect(await redis.exists(`sess:${againId}`)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('logs out: the session is gone from Redis, its cookie cleared, and the old cookie is worth nothing', async () => {
    const set = await request(svc.url).post('/api/notes/session').expect(201);
    const value = (set.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const out = await request(svc.url).delete('/api/notes/session').set('Cookie', value).expect(200);
    expect(out.headers['set-cookie']?.[0]).toMatch(/^prd\.sid=;/);
    const after = await request(svc.url).get('/api/notes/session').set('Cookie', value).expect(200);
    expect(after.body).toEqual({ userId: null });
  });

  it('serves Prometheus metrics', async () => {
    const res = await request(svc.url).get('/metrics').expect(200);
    expect(res.text).toContain('http_request_duration_seconds');
    expect(res.text).toContain('process_resident_memory_bytes');
  });
});

/** Opens `/ws-notes`; resolves with the socket, or the status of a refused upgrade. */
function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws-notes`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    ws.once('error', () => resolve(0));
  });
}

const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

describe('WebSockets and sessions', () => {
  let a: TestService<unknown>;
  let b: TestService<unknown>;
  beforeAll(async () => {
    // Two replicas sharing Redis, with a short session re-check so an expiry shows within the test.
    a = await start({ ALLOWED_ORIGINS: 'https://app.example', WS_SESSION_RECHECK_MS: '200' });
    const shared = a.config as { DATABASE_URL: string; SESSION_SECRET: string };
    b = await start({ ALLOWED_ORIGINS: 'https://app.example', DATABASE_URL: shared.DATABASE_URL, SESSION_SECRET: shared.SESSION_SECRET });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  async function signedIn(): Promise<string> {
    const res = await request(a.url).post('/api/notes/session').expect(201);
    return (res.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  }

  it('uses one origin rule for HTTP and upgrades: ALLOWED_ORIGINS and the own host pass, others and none are refused', async () => {
    const cookie = await signedIn();
    await supertest(a.url).post('/api/notes').set('Origin', 'https://app.example').send({ text: 'allowed' }).expect(201);
    const allowed = await openSocket(a.url, { Cookie: cookie, Origin: 'https://app.example' });
    const own = await openSocket(a.url, { Cookie: cookie, Origin: a.url });
    expect(allowed).toBeInstanceOf(WebSocket);
    expect(own).toBeInstanceOf(WebSocket);
    (allowed as WebSocket).close();
    (own as WebSocket).close();
    expect(await openSocket(a.url, { Cookie: cookie, Origin: 'https://evil.example' })).toBe(403);
    expect(await openSocket(a.url, { Cookie: cookie })).toBe(403);
    expect(await openSocket(a.url, { Origin: a.url })).toBe(401);
  });

  it('closes a socket on every replica when its session is logged out, regenerated or its user deleted', async () => {
    for (const end of ['logout', 'regenerate', 'end-user'] as const) {
      const cookie = await signedIn();
      const onA = (await openSocket(a.url, { Cookie: cookie, Origin: a.url })) as WebSocket;
      const onB = (await openSocket(b.url, { Cookie: cookie, Origin: b.url })) as WebSocket;
      const codes = Promise.all([closed(onA), closed(onB)]);
      if (end === 'logout') await request(b.url).delete('/api/notes/session').set('Cookie', cookie).expect(200);
      if (end === 'regenerate') await request(b.url).post('/api/notes/session/regenerate').set('Cookie', cookie).expect(201);
      if (end === 'end-user') await request(b.url).post('/api/notes/session/end-user').set('Cookie', cookie).expect(201);
      expect([end, await codes]).toEqual([end, [4401, 4401]]);
    }
  });

  it('closes a socket whose session expired, at the next re-check', async () => {
    const cookie = await signedIn();
    const ws = (await openSocket(a.url, { Cookie: cookie, Origin: a.url })) as WebSocket;
    const other = (await openSocket(a.url, { Cookie: await signedIn(), Origin: a.url })) as WebSocket;
    const code = closed(ws);
    // Expiry is Redis dropping the key, which announces nothing.
    const redis = new Redis(testRedisUrl());
    try {
      const id = decodeURIComponent(cookie.split('=')[1]!).split('.').slice(0, -1).join('.');
      expect(await redis.del(`sess:${id}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
    expect(await code).toBe(4401);
    expect(other.readyState).toBe(WebSocket.OPEN);
    other.close();
  });
});

describe('a service whose start is refused', () => {
  it('closes the Redis clients it had opened, so that nothing holds the process after the error', async () => {
    const refused = startTestService({ service: 'refusing', configSchema: baseConfigSchema, module: (c, l) => RefusingModule.register(c, l) });
    await expect(refused).rejects.toThrow('refused at start-up');
    const redis = new Redis(testRedisUrl());
    try {
      const clients = (await redis.client('LIST')) as string;
      expect(clients.split('\n').filter((line) => line.includes(' name=refusing-'))).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});

describe('readiness follows Redis', () => {
  it('fails while Redis is down and recovers when it is back, without a restart', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kit-redis-'));
    const port = await freePort();
    const log = path.join(dir, 'redis.log');
    let redis = await startRedis({ dir, port, log });
    const svc = await start({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      await request(svc.url).get('/readyz').expect(200);
      await stopRedis(redis.pid);
      const down = await request(svc.url).get('/readyz').expect(503);
      expect(down.body).toMatchObject({ service: 'notes', status: 'error', checks: { database: { status: 'ok' }, redis: { status: 'error' } } });
      redis = await startRedis({ dir, port, log });
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        await sleep(200);
        status = (await request(svc.url).get('/readyz')).status;
      }
      expect(status).toBe(200);
    } finally {
      await svc.close();
      await stopRedis(redis.pid);
    }
  });
});
