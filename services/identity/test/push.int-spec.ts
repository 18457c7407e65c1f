import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { sessionCookieFor, testCallerToken, testRedisUrl } from '@prd/kit/testing';
import { IdentityClient } from '@prd/proto';
import { usageChannel } from '../src/usage/usage-channel.js';
import { startIdentity, type IdentityService } from '@prd/testing/identity';

const wsUrl = (svc: IdentityService) => `${svc.url.replace('http', 'ws')}/ws-general`;

function open(url: string, cookie?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Origin: url.replace('ws', 'http'), ...(cookie ? { Cookie: cookie } : {}) } });
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
  let svc: IdentityService;
  let publisher: Redis;
  beforeAll(async () => {
    svc = await startIdentity();
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
      await publisher.publish(usageChannel(svc.config.DATABASE_URL, userA), JSON.stringify({ userId: userA }));
      expect(JSON.parse((await forA) ?? 'null')).toEqual({ type: 'usage_update' });
      expect(await forB).toBeNull();
    } finally {
      a.close();
      b.close();
    }
  });
});

/** How many connections listen to a channel, once the count is `expected` (a closed socket lets go of its channel as the server sees it close). */
async function listenersOf(redis: Redis, channel: string, expected: number): Promise<number> {
  for (;;) {
    const [, count] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
    if (count === expected) return count;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('/ws-general across two identity instances on one Redis', () => {
  let a: IdentityService;
  let b: IdentityService;
  let publisher: Redis;
  beforeAll(async () => {
    publisher = new Redis(testRedisUrl());
    a = await startIdentity();
    b = await startIdentity({ DATABASE_URL: a.config.DATABASE_URL, SESSION_SECRET: a.config.SESSION_SECRET, ENCRYPTION_KEY: a.config.ENCRYPTION_KEY });
  });
  afterAll(async () => {
    publisher.disconnect();
    await Promise.all([a.close(), b.close()]);
  });

  it("sends a user's events to the instance holding their sockets only, while it holds one", async () => {
    const userId = 1_000_003;
    const channel = usageChannel(a.config.DATABASE_URL, userId);
    const cookie = await sessionCookieFor(testRedisUrl(), b.config.SESSION_SECRET, userId);
    const [first, second] = [await open(wsUrl(b), cookie), await open(wsUrl(b), cookie)];
    // The socket is open only once its instance listens, and one subscription serves both sockets.
    const pushed = nextMessage(second, 3_000);
    expect(await publisher.publish(channel, JSON.stringify({ userId }))).toBe(1);
    expect(JSON.parse((await pushed) ?? 'null')).toEqual({ type: 'usage_update' });
    first.close();
    second.close();
    expect(await listenersOf(publisher, channel, 0)).toBe(0);
    const onA = await open(wsUrl(a), cookie);
    try {
      const forA = nextMessage(onA, 3_000);
      expect(await publisher.publish(channel, JSON.stringify({ userId }))).toBe(1);
      expect(JSON.parse((await forA) ?? 'null')).toEqual({ type: 'usage_update' });
    } finally {
      onA.close();
    }
  });

  it("delivers usage consumed through instance A to the user's socket on instance B, and not to another user's", async () => {
    const client = new IdentityClient({ baseUrl: a.url, token: testCallerToken('content') });
    const [owner, other] = [await client.createGuest('10.1.0.1'), await client.createGuest('10.1.0.2')];
    const ownerSocket = await open(wsUrl(b), await sessionCookieFor(testRedisUrl(), b.config.SESSION_SECRET, owner.id));
    const otherSocket = await open(wsUrl(b), await sessionCookieFor(testRedisUrl(), b.config.SESSION_SECRET, other.id));
    try {
      const forOwner = nextMessage(ownerSocket, 3_000);
      const forOther = nextMessage(otherSocket, 500);
      const before = Date.now();
      await client.consume(owner.id, 'messages');
      const pushed = JSON.parse((await forOwner) ?? 'null') as { type: string; committedAt: number };
      // The push carries when identity committed the counter, so its delay can be measured from there.
      expect(pushed).toEqual({ type: 'usage_update', committedAt: expect.any(Number) });
      expect(pushed.committedAt).toBeGreaterThanOrEqual(before);
      expect(await forOther).toBeNull();
    } finally {
      ownerSocket.close();
      otherSocket.close();
    }
  });
});
