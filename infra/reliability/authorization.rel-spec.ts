import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { AiStub } from './support/ai-stub.ts';
import { fillPath, ROUTES, type Ids } from './support/routes.ts';
import { TestStack } from './support/stack.ts';
import { Visitor, type Answer } from './support/visitor.ts';

/** Text only the owner's resources hold: it must never appear in an answer to anyone else. */
const SECRET = 'owner-only-secret-7f3a';

type Actor = 'other user' | 'guest' | 'anonymous';

function socket(base: string, cookie: string): Promise<{ ws: WebSocket; frames: Array<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { Cookie: cookie, Origin: base } });
    const frames: Array<Record<string, unknown>> = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    ws.once('open', () => resolve({ ws, frames }));
    ws.once('error', reject);
  });
}

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('authorization: no one reaches another user’s resources', () => {
  let stack: TestStack;
  let stub: AiStub;
  let owner: Visitor;
  let actors: Record<Actor, Visitor>;
  let ids: Ids;
  let snapshot: string;

  /** Everything the owner can read about the resources, to compare before and after the attacks. */
  const ownerView = async () =>
    JSON.stringify(
      await Promise.all([
        owner.get(`/api/documents/${ids.document}`),
        owner.get(`/api/documents/${ids.document}/revisions`),
        owner.get(`/api/projects/${ids.project}`),
        owner.get(`/api/projects/${ids.project}/documents`),
        owner.get(`/api/chat/threads/${ids.thread}`),
        owner.get(`/api/chat?documentId=${ids.document}`),
      ]).then((answers) => answers.map((a) => [a.status, a.json])),
    );

  beforeAll(async () => {
    stub = await new AiStub().start();
    stack = await TestStack.start('authorization', { env: { OPENAI_BASE_URL: stub.url, OPENAI_API_KEY: 'sk-server-key-for-tests' } });
    const identity = `http://127.0.0.1:${stack.replicas('identity')[0]!.port}`;
    owner = await new Visitor(stack.url).register('owner', identity);
    const project = (await owner.post('/api/projects', { name: `Project ${SECRET}`, description: SECRET })).json as { id: number };
    const doc = (await owner.post('/api/documents', { title: `Doc ${SECRET}`, content: `# ${SECRET}`, projectId: project.id })).json as { id: number };
    await owner.patch(`/api/documents/${doc.id}`, { content: `# ${SECRET}\n\nSecond version` });
    const revisions = (await owner.get(`/api/documents/${doc.id}/revisions`)).json as Array<{ id: number }>;
    const thread = (await owner.post('/api/chat/threads', { title: `Thread ${SECRET}` })).json as { id: number };
    expect((await owner.post('/api/chat', { content: `General ${SECRET}`, mode: 'general', threadId: thread.id })).status).toBe(200);
    expect((await owner.post('/api/chat', { content: `About the doc ${SECRET}`, documentId: doc.id })).status).toBe(200);
    ids = { document: doc.id, project: project.id, revision: revisions[0]!.id, thread: thread.id, template: 1 };

    const guest = new Visitor(stack.url);
    await guest.becomeGuest();
    actors = { 'other user': await new Visitor(stack.url).register('other', identity), guest, anonymous: new Visitor(stack.url) };
    snapshot = await ownerView();
  });

  afterAll(async () => {
    await stack?.stop();
    await stub?.stop();
  });

  const routesWithIds = ROUTES.filter((r) => r.path.includes(':') && !r.path.startsWith('/api/templates'));
  const refused = (a: Answer, actor: Actor) => {
    if (a.text.includes(SECRET)) return false;
    if (actor === 'other user') return a.status === 404;
    // Guests and visitors may be stopped earlier: registered-only routes (403) or no session (401).
    return [401, 403, 404].includes(a.status);
  };

  it.each(['other user', 'guest', 'anonymous'] as const)('every route with an id refuses the %s with 404 (or an earlier 401/403)', async (actor) => {
    const wrong: string[] = [];
    for (const route of routesWithIds) {
      const res = await actors[actor].request(route.method, fillPath(route, ids), { body: route.body });
      if (!refused(res, actor)) wrong.push(`${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(['other user', 'guest', 'anonymous'] as const)('ids of the owner inside bodies and queries are refused for the %s', async (actor) => {
    const visitor = actors[actor];
    const attempts: Array<[string, Promise<Answer>]> = [
      ['document in the owner project', visitor.post('/api/documents', { title: 'Mine', content: 'x', projectId: ids.project })],
      ['chat about the owner document', visitor.post('/api/chat', { content: 'Show it', documentId: ids.document })],
      ['chat in the owner thread', visitor.post('/api/chat', { content: 'Hi', mode: 'general', threadId: ids.thread })],
      ['chat in the owner project', visitor.post('/api/chat', { content: 'Hi', projectId: ids.project })],
      ['document-flow on the owner document', visitor.post('/api/document-flow/message', { documentId: ids.document, content: 'More' })],
      ['chat history of the owner document', visitor.get(`/api/chat?documentId=${ids.document}`)],
      ['chat history of the owner project', visitor.get(`/api/chat?projectId=${ids.project}`)],
    ];
    const wrong: string[] = [];
    for (const [name, pending] of attempts) {
      const res = await pending;
      const emptyList = res.status === 200 && Array.isArray(res.json) && res.json.length === 0;
      if (!(refused(res, actor) || (actor === 'anonymous' && emptyList))) wrong.push(`${name}: ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never puts the owner’s document into anyone else’s voice session', async () => {
    const before = stub.calls.length;
    expect((await actors['other user'].get(`/api/realtime/session-token?documentId=${ids.document}`)).status).toBe(404);
    expect((await actors.guest.get(`/api/realtime/session-token?documentId=${ids.document}`)).status).toBe(404);
    // A visitor without a user gets no document context at all (the token itself is the chat service's call).
    const anonymous = await actors.anonymous.get(`/api/realtime/session-token?documentId=${ids.document}`);
    expect(anonymous.text).not.toContain(SECRET);
    expect(JSON.stringify(stub.calls.slice(before))).not.toContain(SECRET);
  });

  it('refuses to attach the other user’s document to one’s own project, and one’s own document to theirs', async () => {
    const other = actors['other user'];
    const own = (await other.post('/api/documents', { title: 'Other doc', content: 'x' })).json as { id: number };
    expect((await other.patch(`/api/documents/${own.id}`, { projectId: ids.project })).status).toBe(404);
    const ownProject = (await other.post('/api/projects', { name: 'Other project' })).json as { id: number };
    expect((await other.patch(`/api/documents/${ids.document}`, { projectId: ownProject.id })).status).toBe(404);
  });

  it('keeps realtime sessions to the socket that opened them', async () => {
    const mine = await socket(stack.url, owner.cookie);
    const theirs = await socket(stack.url, actors['other user'].cookie);
    try {
      theirs.ws.send(JSON.stringify({ type: 'init_session', userId: owner.id, documentId: ids.document }));
      const denied = await until('an answer to init_session', () => theirs.frames.find((f) => f.type === 'error' || f.type === 'session_initialized'));
      expect(denied.type).toBe('error');

      mine.ws.send(JSON.stringify({ type: 'init_session', userId: owner.id, documentId: ids.document }));
      const session = await until('the owner session', () => mine.frames.find((f) => f.type === 'session_initialized'));
      const before = theirs.frames.length;
      theirs.ws.send(JSON.stringify({ type: 'message', sessionId: session.sessionId, content: 'Tell me the document' }));
      theirs.ws.send(JSON.stringify({ type: 'end_session', sessionId: session.sessionId }));
      await until('an error for the foreign session', () => theirs.frames.slice(before).find((f) => f.type === 'error'));
      expect(JSON.stringify(theirs.frames)).not.toContain(SECRET);
      expect(mine.frames.filter((f) => f.type === 'message')).toEqual([]);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });

  it('leaves every resource of the owner exactly as it was', async () => {
    expect(await ownerView()).toBe(snapshot);
    expect(stack.dead()).toEqual([]);
  });
});
