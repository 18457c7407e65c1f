import { beforeAll, describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import WebSocket from 'ws';
import { Visitor } from '../reliability/support/visitor.ts';
import { compose, projectContainers, readComposeState, waitHealthy, type ComposeState } from './compose.ts';
import { podman } from './podman.ts';

/**
 * The product as docker-compose.yml deploys it, in containers built from docker/, reached only through
 * the gateway's published port (COMPOSE_PROJECT names the deployment `npm test` brought up).
 */
let state: ComposeState;
let user: Visitor;

beforeAll(async () => {
  const found = readComposeState(process.env.COMPOSE_PROJECT ?? '');
  if (!found) throw new Error('no compose deployment: run through `npm test` (COMPOSE_PROJECT)');
  state = found;
  user = await new Visitor(state.url).register('ctr');
});

function openSocket(path: string): Promise<{ socket: WebSocket; next: (match: (f: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>> }> {
  const socket = new WebSocket(`${state.url.replace('http', 'ws')}${path}`, { headers: { Cookie: user.cookie, Origin: state.url } });
  const frames: Array<Record<string, unknown>> = [];
  const waiting: Array<() => void> = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Record<string, unknown>);
    waiting.splice(0).forEach((wake) => wake());
  });
  const next = (match: (f: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = frames.find(match);
        if (found) resolve(found);
        else if (socket.readyState > WebSocket.OPEN) reject(new Error(`${path} closed before the expected frame`));
        else waiting.push(check);
      };
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next }));
    socket.once('error', reject);
  });
}

describe('docker-compose.yml in containers, through the gateway', () => {
  let documentId: number;

  it('serves the built web client, its home page prerendered', async () => {
    const res = await fetch(state.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root" data-prerendered="">');
  });

  it('signs up a user (identity, PostgreSQL, Redis sessions)', async () => {
    const me = await user.get('/api/current-user');
    expect(me.json).toMatchObject({ isAuthenticated: true, id: user.id });
  });

  it('creates a document and pushes usage_update on /ws-general', async () => {
    const { socket, next } = await openSocket('/ws-general');
    try {
      const pushed = next((f) => f.type === 'usage_update');
      const created = await user.post('/api/documents', { title: 'Containers', content: '## Problem\nProve the deployment for real.' });
      expect(created.status).toBe(201);
      documentId = (created.json as { id: number }).id;
      // The push carries when identity committed the counter (the benchmark measures its delay from there).
      expect(await pushed).toEqual({ type: 'usage_update', committedAt: expect.any(Number) });
    } finally {
      socket.close();
    }
  });

  it('chats about the document with the offline assistant (chat service, queue, worker)', async () => {
    const reply = await user.post('/api/chat', { content: 'Suggest three success metrics', documentId }, { timeoutMs: 60_000 });
    expect(reply.status).toBe(200);
    const body = reply.json as { assistantMessage: { role: string; content: string } };
    expect(body.assistantMessage.role).toBe('assistant');
    expect(body.assistantMessage.content.length).toBeGreaterThan(20);
  });

  it('exports the document as a Word file (export service)', async () => {
    const res = await fetch(`${state.url}/api/documents/${documentId}/export/docx`, { headers: { Cookie: user.cookie, Origin: state.url } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('officedocument.wordprocessingml');
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    expect(await zip.file('word/document.xml')?.async('string')).toContain('Prove the deployment for real.');
  });

  it('answers a realtime /ws message from the worker', async () => {
    const { socket, next } = await openSocket('/ws');
    try {
      socket.send(JSON.stringify({ type: 'init_session', userId: user.id }));
      const { sessionId } = await next((f) => f.type === 'session_initialized');
      socket.send(JSON.stringify({ type: 'message', sessionId, content: 'Give me three ideas for onboarding' }));
      const reply = await next((f) => f.type === 'message' && f.role === 'assistant' && f.isPartial === false);
      expect(String(reply.content).length).toBeGreaterThan(20);
    } finally {
      socket.close();
    }
  });
});

describe('scaled: two content containers behind the gateway', () => {
  const contentContainers = async () => (await projectContainers(state.project)).filter((c) => c.Labels?.['com.docker.compose.service'] === 'content');

  beforeAll(async () => {
    const scaled = await compose(state, ['up', '--detach', '--no-build', '--no-recreate', '--scale', 'content=2', 'content']);
    if (scaled.code !== 0) throw new Error(`docker-compose --scale content=2 failed:\n${scaled.stderr}`);
    await waitHealthy(state.project, 180_000);
    // nginx resolves `content` to every replica's address when it starts (docker-compose.yml).
    const restarted = await compose(state, ['restart', '--timeout', '10', 'gateway']);
    if (restarted.code !== 0) throw new Error(`docker-compose restart gateway failed:\n${restarted.stderr}`);
    await waitHealthy(state.project, 120_000);
  }, 400_000);

  it('runs two content containers', async () => {
    expect(await contentContainers()).toHaveLength(2);
  });

  it('serves requests from both, through the gateway', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await user.get('/api/documents');
      expect(res.status).toBe(200);
      expect((res.json as Array<{ title: string }>).map((d) => d.title)).toContain('Containers');
      ids.push(res.headers.get('x-request-id') ?? '');
    }
    // Each container logs the request ids it served (the gateway passes its own id on).
    for (const c of await contentContainers()) {
      const logs = await podman(['logs', c.Id]);
      expect(ids.some((id) => id && logs.includes(id))).toBe(true);
    }
  });
});
