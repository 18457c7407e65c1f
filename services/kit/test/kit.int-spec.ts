import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { pino } from 'pino';
import { baseConfigSchema } from '../src/index.js';
import { startTestService, type TestService } from '../src/testing/index.js';
import { freePort } from '@prd/infra/lib/ports.ts';
import { startRedis, stopRedis } from '@prd/infra/lib/redis.ts';
import { sleep } from '@prd/infra/lib/process.ts';
import { NotesModule } from './fixtures/notes.module.js';

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

  it('serves Prometheus metrics', async () => {
    const res = await request(svc.url).get('/metrics').expect(200);
    expect(res.text).toContain('http_request_duration_seconds');
    expect(res.text).toContain('process_resident_memory_bytes');
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
