import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { sessionCookieFor, startTestService, testRedisUrl, type TestService } from '@prd/kit/testing';
import { USAGE_EVENTS_CHANNEL } from '@prd/proto';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema, type Config } from '../src/config.js';

const wsUrl = (svc: TestService<Config>) => `${svc.url.replace('http', 'ws')}/ws-general`;

function open(url: string, cookie?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: cookie ? { Cookie: cookie } : {} });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    ws.once('message', (data) => {
      clearTimeout(timer);
      resolve(String(data));
    });
  });
}

describe('/ws-general', () => {
  let svc: TestService<Config>;
  let publisher: Redis;
  beforeAll(async () => {
    svc = await startTestService({ service: SERVICE, configSchema, module: (c, l) => AppModule.register(c, l) });
    publisher = new Redis(testRedisUrl());
  });
  afterAll(async () => {
    publisher.disconnect();
    await svc.close();
  });

  it('refuses an upgrade without a user', async () => {
    await expect(open(wsUrl(svc))).rejects.toThrow('HTTP 401');
  });

  it('refuses a cross-site upgrade', async () => {
    const cookie = await sessionCookieFor(testRedisUrl(), svc.config.SESSION_SECRET, 7);
    const attempt = new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl(svc), { headers: { Cookie: cookie, Origin: 'https://evil.example' } });
      ws.once('open', resolve);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    await expect(attempt).rejects.toThrow('HTTP 403');
  });

  it("pushes usage_update to that user's sockets only", async () => {
    const [userA, userB] = [1_000_001, 1_000_002];
    const a = await open(wsUrl(svc), await sessionCookieFor(testRedisUrl(), svc.config.SESSION_SECRET, userA));
    const b = await open(wsUrl(svc), await sessionCookieFor(testRedisUrl(), svc.config.SESSION_SECRET, userB));
    try {
      const forA = nextMessage(a, 3_000);
      const forB = nextMessage(b, 500);
      await publisher.publish(USAGE_EVENTS_CHANNEL, JSON.stringify({ userId: userA }));
      expect(JSON.parse((await forA) ?? 'null')).toEqual({ type: 'usage_update' });
      expect(await forB).toBeNull();
    } finally {
      a.close();
      b.close();
    }
  });
});
