import { describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { runningStack } from './stack.js';

const { state } = runningStack();

/** Direct addresses of each replica of a service, bypassing nginx to choose which one answers. */
function replicas(service: string): string[] {
  const found = state.processes.filter((p) => p.kind === 'service' && (p.name === service || p.name.startsWith(`${service}-`)) && !p.name.startsWith(`${service}-worker`));
  return found.map((p) => `http://127.0.0.1:${p.port}`);
}

const cookieOf = (res: Response) => (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;

async function register(base: string) {
  const name = `replica${Math.random().toString(36).slice(2, 10)}`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'replica-password' }),
  });
  expect(res.status).toBe(201);
  return { cookie: cookieOf(res), id: ((await res.json()) as { id: number }).id };
}

describe('two replicas of every service', () => {
  it('runs two of each', () => {
    for (const service of ['identity', 'content', 'chat', 'export']) expect(replicas(service)).toHaveLength(2);
  });

  it('shares sessions: a user signed up on one identity replica is known to the other and to content', async () => {
    const [identityA, identityB] = replicas('identity');
    const [contentA, contentB] = replicas('content');
    const user = await register(identityA!);
    const me = await (await fetch(`${identityB}/api/current-user`, { headers: { Cookie: user.cookie } })).json();
    expect(me).toMatchObject({ isAuthenticated: true, id: user.id });

    const created = await fetch(`${contentA}/api/documents`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: user.cookie, Origin: contentA! },
      body: JSON.stringify({ title: 'Written on replica A', content: '## Problem\nShared state.' }),
    });
    expect(created.status).toBe(201);
    const list = (await (await fetch(`${contentB}/api/documents`, { headers: { Cookie: user.cookie } })).json()) as Array<{ title: string }>;
    expect(list.map((d) => d.title)).toContain('Written on replica A');
  });

  it('pushes usage_update to a /ws-general socket on the replica that did not count the usage', async () => {
    const [identityA, identityB] = replicas('identity');
    const [, contentB] = replicas('content');
    const user = await register(identityA!);
    const socket = new WebSocket(`${identityB!.replace('http', 'ws')}/ws-general`, { headers: { Cookie: user.cookie, Origin: identityB! } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      const pushed = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
      const created = await fetch(`${contentB}/api/documents`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: user.cookie, Origin: contentB! },
        body: JSON.stringify({ title: 'Counts as usage', content: 'text' }),
      });
      expect(created.status).toBe(201);
      // The push carries when identity committed the counter (the benchmark measures its delay from there).
      expect(JSON.parse(await pushed)).toEqual({ type: 'usage_update', committedAt: expect.any(Number) });
    } finally {
      socket.close();
    }
  });

  it('streams a realtime /ws reply to a socket on either chat replica, whichever worker runs the job', async () => {
    const [identityA] = replicas('identity');
    const user = await register(identityA!);
    for (const chat of replicas('chat')) {
      const socket = new WebSocket(`${chat.replace('http', 'ws')}/ws`, { headers: { Cookie: user.cookie, Origin: chat } });
      const frames: Array<Record<string, unknown>> = [];
      const until = (match: (f: Record<string, unknown>) => boolean) =>
        new Promise<Record<string, unknown>>((resolve) => {
          const check = () => {
            const found = frames.find(match);
            if (found) resolve(found);
            else setTimeout(check, 20);
          };
          check();
        });
      socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      try {
        socket.send(JSON.stringify({ type: 'init_session', userId: user.id }));
        const { sessionId } = await until((f) => f.type === 'session_initialized');
        socket.send(JSON.stringify({ type: 'message', sessionId, content: 'Give me three ideas for onboarding' }));
        const reply = await until((f) => f.type === 'message' && f.role === 'assistant' && f.isPartial === false);
        expect(String(reply.content).length).toBeGreaterThan(20);
      } finally {
        socket.close();
      }
    }
  });
});
