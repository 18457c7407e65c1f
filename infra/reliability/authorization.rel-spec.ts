import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { AiStub } from './support/ai-stub.ts';
import { fillPath, ROUTES, type Ids, type Route } from './support/routes.ts';
import { TestStack } from './support/stack.ts';
import { Visitor, type Answer } from './support/visitor.ts';

/** Text only the owner's resources hold: it must never appear in an answer to anyone else. */
const SECRET = 'owner-only-secret-7f3a';

/** A multipart import of one Markdown file into `projectId` (POST /api/documents/import), written out as a browser sends it. */
const BOUNDARY = 'prd-import-boundary';
const importForm = (projectId: number) =>
  [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${projectId}`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="mine.md"\r\nContent-Type: text/markdown\r\n\r\n# Mine`,
    `--${BOUNDARY}--\r\n`,
  ].join('\r\n');

type Actor = 'other user' | 'guest' | 'anonymous';
/** docs/decisions/0012-sharing-and-roles.md's roles, weakest first (written down here again: the test does not borrow the code it checks). */
const ROLES = ['viewer', 'commenter', 'editor', 'owner'] as const;
type Role = (typeof ROLES)[number];
const roleAllows = (role: Role, needed: Role) => ROLES.indexOf(role) >= ROLES.indexOf(needed);
/** Colleagues the owner shared with (docs/decisions/0012-sharing-and-roles.md): the editor through the project, the commenter on the document alone, the viewer through the project. */
type Colleague = 'editor' | 'commenter' | 'viewer';
const GRANTS: Record<Colleague, { on: 'document' | 'project'; role: Role }> = {
  editor: { on: 'project', role: 'editor' },
  commenter: { on: 'document', role: 'commenter' },
  viewer: { on: 'project', role: 'viewer' },
};
/** Each colleague's role on the owner's document and project, as the grants above give it. */
const ROLE_ON: Record<Colleague, { document: Role | null; project: Role | null }> = {
  editor: { document: 'editor', project: 'editor' },
  commenter: { document: 'commenter', project: null },
  viewer: { document: 'viewer', project: 'viewer' },
};

/** What every route with an id needs: a role on the owner's document or project, or nothing anyone else may reach. */
function requirement(route: Route): { on: 'document' | 'project'; needs: Role } | 'nobody else' {
  const key = `${route.method} ${route.path}`;
  if (['/api/chat/threads', '/api/share/', '/api/tokens/', '/api/workspaces/', '/api/invites/', '/api/templates/'].some((p) => route.path.startsWith(p))) return 'nobody else';
  const on = route.path.startsWith('/api/projects') ? 'project' : 'document';
  if (/\/shares(\/|$)|\/share-link$/.test(route.path)) return { on, needs: route.method === 'GET' && !route.path.endsWith('share-link') ? 'viewer' : 'owner' };
  // Writing comments needs a commenter; editing another's comment, only its author (here the owner).
  if (route.method === 'POST' && (route.path.endsWith('/comments') || route.path.endsWith('/replies'))) return { on, needs: 'commenter' };
  // docs/decisions/0041-suggestions.md: asking the AI for a suggestion only proposes (commenters); deciding one is an editor's, like the document chat's choice.
  if (key === 'POST /api/documents/:id/suggestions' || key === 'POST /api/documents/:id/suggestions/proposals') return { on, needs: 'commenter' };
  if (route.path.includes('/suggestions/:suggestionId/') || key === 'PUT /api/chat/:documentId/ai-edits') return { on, needs: 'editor' };
  if (route.method === 'PATCH' && route.path.startsWith('/api/comments')) return { on, needs: 'owner' };
  // Naming a version (and removing its name) is an editor's, like a restore.
  if (route.path.endsWith('/revisions/:revisionId/name')) return { on, needs: 'editor' };
  if (route.method === 'DELETE') return { on, needs: 'owner' };
  if (route.method === 'GET') return { on, needs: 'viewer' };
  if (key === 'PATCH /api/documents/:id' || key === 'PATCH /api/projects/:id' || route.path.endsWith('/restore')) return { on, needs: 'editor' };
  throw new Error(`no access rule written down for ${key}`);
}

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
  let colleagues: Record<Colleague, Visitor>;
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
        owner.get(`/api/documents/${ids.document}/comments`),
        owner.get(`/api/documents/${ids.document}/suggestions`),
        owner.get(`/api/templates/${ids.template}`),
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
    const comment = (await owner.post(`/api/documents/${doc.id}/comments`, { content: `Comment ${SECRET}` })).json as { id: number };
    const workspace = (await owner.post('/api/workspaces', { name: `Team ${SECRET}` })).json as { id: number };
    const suggest = async () => {
      const res = await owner.post(`/api/documents/${doc.id}/suggestions`, { instruction: 'Shorten', quote: { exact: 'Second version' } });
      expect(res.status).toBe(201);
      return (res.json as { suggestion: { id: number } }).suggestion.id;
    };
    // The owner's own template (docs/decisions/0038-custom-templates.md): nobody else may read or change it.
    const template = (await owner.post('/api/templates', { name: `Template ${SECRET}`, content: `## ${SECRET}` })).json as { id: number };
    ids = {
      document: doc.id,
      project: project.id,
      revision: revisions[0]!.id,
      thread: thread.id,
      template: template.id,
      user: owner.id ?? 0,
      shareToken: 'a'.repeat(32),
      comment: comment.id,
      workspace: workspace.id,
      suggestions: { accept: await suggest(), reject: await suggest() },
    };

    const guest = new Visitor(stack.url);
    await guest.becomeGuest();
    actors = { 'other user': await new Visitor(stack.url).register('other', identity), guest, anonymous: new Visitor(stack.url) };
    colleagues = {
      editor: await new Visitor(stack.url).register('editor', identity),
      commenter: await new Visitor(stack.url).register('commenter', identity),
      viewer: await new Visitor(stack.url).register('viewer', identity),
    };
    for (const [name, grant] of Object.entries(GRANTS) as [Colleague, (typeof GRANTS)[Colleague]][]) {
      const path = grant.on === 'project' ? `/api/projects/${ids.project}/shares` : `/api/documents/${ids.document}/shares`;
      expect((await owner.post(path, { login: colleagues[name].username, role: grant.role })).status).toBe(201);
    }
    snapshot = await ownerView();
  });

  afterAll(async () => {
    await stack?.stop();
    await stub?.stop();
  });

  const routesWithIds = ROUTES.filter((r) => r.path.includes(':'));
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
      [
        'import into the owner project',
        visitor.request('POST', '/api/documents/import', { raw: importForm(ids.project), contentType: `multipart/form-data; boundary=${BOUNDARY}` }),
      ],
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

  it('gives a share link’s address only to the owner who makes it: no one reads it back, a colleague cannot replace it, a replaced one opens nothing', async () => {
    const made = (await owner.post(`/api/documents/${ids.document}/share-link`)).json as { token: string; createdAt: string };
    const readBack = [await owner.get(`/api/documents/${ids.document}/share-link`)];
    for (const who of [...Object.values(colleagues), ...Object.values(actors)]) {
      readBack.push(await who.get(`/api/documents/${ids.document}/share-link`));
      expect((await who.post(`/api/documents/${ids.document}/share-link`)).status).toBeGreaterThanOrEqual(403);
    }
    expect(readBack[0]!.json).toEqual({ link: { createdAt: made.createdAt } });
    for (const answer of readBack) expect(answer.text).not.toContain(made.token);
    expect((await actors.anonymous.get(`/api/share/${made.token}`)).status).toBe(200);
    const replaced = (await owner.post(`/api/documents/${ids.document}/share-link`)).json as { token: string };
    expect((await actors.anonymous.get(`/api/share/${made.token}`)).status).toBe(404);
    expect((await owner.request('DELETE', `/api/documents/${ids.document}/share-link`)).status).toBe(204);
    expect((await actors.anonymous.get(`/api/share/${replaced.token}`)).status).toBe(404);
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

  /**
   * docs/decisions/0015-programmatic-access.md: personal access tokens act as their user with their scope, through the same access
   * rules as the session: the routes anyone may call without a user ignore them, every other route refuses a revoked or expired
   * token (401), a read token may only GET, and a token reaches exactly what its user's session reaches.
   */
  describe('bearer tokens on every route', () => {
    /** The routes that serve visitors without a user (written down here again). */
    const PUBLIC = new Set([
      'GET /api/demo-account',
      'POST /api/register',
      'POST /api/login',
      'GET /api/logout',
      'POST /api/logout',
      'GET /api/login/email',
      // Single sign-on (docs/decisions/0036-single-sign-on-openid-connect.md): for visitors signing in, like log-in.
      'GET /api/auth/oidc',
      'GET /api/auth/oidc/start',
      'GET /api/auth/oidc/callback',
      'GET /api/auth/oidc/link',
      'POST /api/auth/oidc/link',
      'GET /api/templates',
      'GET /api/templates/:id',
      'GET /api/share/:token',
      // An invite link's workspace name and inviter, for its page to show before anyone joins.
      'GET /api/invites/:token',
      // Says only whether the server has a voice key of its own, for the page to explain before anyone tries.
      'GET /api/realtime/voice',
    ]);
    /** What only the signed-in user may do (tokens, the account, its key): every token gets 403 there, whatever its scope or state. */
    const SESSION_ONLY = new Set([
      'GET /api/tokens',
      'POST /api/tokens',
      'DELETE /api/tokens/:id',
      'DELETE /api/account',
      'POST /api/settings/api-key',
      'DELETE /api/settings/api-key',
    ]);
    const sessionOnly = ROUTES.filter((r) => SESSION_ONLY.has(`${r.method} ${r.path}`));
    /** Calls that would change the owner's account or resources are not made with the owner's read-write token. */
    const guarded = ROUTES.filter((r) => !PUBLIC.has(`${r.method} ${r.path}`) && !SESSION_ONLY.has(`${r.method} ${r.path}`) && !r.ownVisitor);
    let ownerTokenId = 0;
    const tokens: Record<'read' | 'read-write' | 'revoked' | 'expired' | 'other read-write', string> = {
      read: '',
      'read-write': '',
      revoked: '',
      expired: '',
      'other read-write': '',
    };
    const bearer = (token: string) => {
      // A script: no cookie, no Origin.
      const visitor = new Visitor(stack.url);
      // /api/tokens/:id names one of the owner's tokens.
      return (route: Route) =>
        visitor.request(route.method, fillPath(route, ids, route.path.startsWith('/api/tokens/') ? { id: String(ownerTokenId) } : {}), {
          body: route.body,
          origin: null,
          headers: { Authorization: `Bearer ${token}` },
        });
    };

    beforeAll(async () => {
      const create = async (who: Visitor, scope: string) => {
        const res = await who.post('/api/tokens', { name: `matrix ${scope}`, scope });
        expect(res.status).toBe(201);
        return res.json as { id: number; token: string };
      };
      const read = await create(owner, 'read');
      tokens.read = read.token;
      ownerTokenId = read.id;
      tokens['read-write'] = (await create(owner, 'read-write')).token;
      tokens['other read-write'] = (await create(actors['other user'], 'read-write')).token;
      const revoked = await create(owner, 'read');
      expect((await bearer(revoked.token)({ method: 'GET', path: '/api/documents' })).status).toBe(200);
      expect((await owner.delete(`/api/tokens/${revoked.id}`)).status).toBe(204);
      tokens.revoked = revoked.token;
      const expired = await create(owner, 'read-write');
      await stack.query('prd_identity', "UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
      tokens.expired = expired.token;
    });

    it.each(['revoked', 'expired'] as const)('%s tokens get 401 on every route that needs a user', async (kind) => {
      const call = bearer(tokens[kind]);
      const wrong: string[] = [];
      for (const route of ROUTES.filter((r) => !PUBLIC.has(`${r.method} ${r.path}`) && !SESSION_ONLY.has(`${r.method} ${r.path}`))) {
        const res = await call(route);
        if (res.status !== 401 || res.text.includes(SECRET)) wrong.push(`${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });

    it('no token, not even a read-write one of the owner, mints tokens or touches the account: 403 on every session-only route', async () => {
      expect(sessionOnly).toHaveLength(SESSION_ONLY.size);
      const wrong: string[] = [];
      for (const kind of Object.keys(tokens) as Array<keyof typeof tokens>) {
        for (const route of sessionOnly) {
          const res = await bearer(tokens[kind])(route);
          const message = (res.json as { message?: string } | undefined)?.message;
          if (res.status !== 403 || message !== 'API tokens cannot manage API tokens or the account: sign in to PRD Studio in the browser to do this')
            wrong.push(`${kind} ${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
      // The owner is still there, with the same tokens.
      expect((await owner.get('/api/tokens')).json).toHaveLength(3);
    });

    it('a read token reads what the owner reads and is refused every write with 403', async () => {
      const call = bearer(tokens.read);
      const wrong: string[] = [];
      for (const route of guarded) {
        const res = await call(route);
        if (route.method === 'GET') {
          const session = await owner.request('GET', fillPath(route, ids));
          if (res.status !== session.status) wrong.push(`${route.method} ${route.path}: ${res.status}, the session ${session.status}`);
        } else if (res.status !== 403 || (res.json as { message?: string } | undefined)?.message !== 'This API token is read-only: create a read-write token to make changes') {
          wrong.push(`${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('a read-write token reads what the owner reads', async () => {
      const call = bearer(tokens['read-write']);
      const wrong: string[] = [];
      for (const route of guarded.filter((r) => r.method === 'GET')) {
        const [res, session] = [await call(route), await owner.request('GET', fillPath(route, ids))];
        if (res.status !== session.status) wrong.push(`${route.method} ${route.path}: ${res.status}, the session ${session.status}`);
      }
      expect(wrong).toEqual([]);
    });

    it("another user's read-write token gets 404 on every route with the owner's ids, and may write its own", async () => {
      const call = bearer(tokens['other read-write']);
      const wrong: string[] = [];
      for (const route of guarded) {
        const res = await call(route);
        const withIds = routesWithIds.includes(route);
        if (res.text.includes(SECRET)) wrong.push(`${route.method} ${route.path}: leaked the owner's text`);
        else if (withIds && res.status !== 404) wrong.push(`${route.method} ${route.path}: expected 404, got ${res.status} ${res.text.slice(0, 120)}`);
        else if (!withIds && ([401, 403].includes(res.status) || res.status >= 500)) wrong.push(`${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });
  });

  it('leaves every resource of the owner exactly as it was', async () => {
    expect(await ownerView()).toBe(snapshot);
    expect(stack.dead()).toEqual([]);
  });
  // After the owner's data was checked unchanged: colleagues may change what their role allows.
  it.each(['viewer', 'commenter', 'editor'] as const)(
    'every route with an id gives the %s exactly what the role allows: 404 without a role, 403 when too weak',
    async (colleague) => {
      const visitor = colleagues[colleague];
      const wrong: string[] = [];
      for (const route of routesWithIds) {
        const rule = requirement(route);
        const res = await visitor.request(route.method, fillPath(route, ids), { body: route.body });
        const role = rule === 'nobody else' ? null : ROLE_ON[colleague][rule.on];
        const expected = role === null || rule === 'nobody else' ? 404 : roleAllows(role, rule.needs) ? 'ok' : 403;
        // Deciding or proposing a suggestion answers 409 only past the access check: when the routes before it (a PATCH, a restore) changed its passage.
        const decided = (route.path.includes('/suggestions/:suggestionId/') || route.path.endsWith('/proposals')) && res.status === 409;
        const ok = expected === 'ok' ? res.status < 400 || decided : res.status === expected;
        if (!ok) wrong.push(`${route.method} ${route.path}: expected ${expected}, got ${res.status} ${res.text.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('lets only editors talk to the AI about a shared item, and only the owner add to the project', async () => {
    const statusOf = async (colleague: Colleague, call: (v: Visitor) => Promise<Answer>) => (await call(colleagues[colleague])).status;
    const table: Array<[string, (v: Visitor) => Promise<Answer>, Record<Colleague, number>]> = [
      ['document chat', (v) => v.post('/api/chat', { content: 'Tighten the goals', documentId: ids.document }), { editor: 200, commenter: 403, viewer: 403 }],
      ['project chat', (v) => v.post('/api/chat', { content: 'Summarise', projectId: ids.project }), { editor: 200, commenter: 404, viewer: 403 }],
      ['document chat history', (v) => v.get(`/api/chat?documentId=${ids.document}`), { editor: 200, commenter: 200, viewer: 200 }],
      ['ask the AI for a suggestion', (v) => v.post(`/api/documents/${ids.document}/suggestions`, { instruction: 'Expand' }), { editor: 201, commenter: 201, viewer: 403 }],
      [
        'suggest a change of their own',
        async (v) => {
          const { content } = (await owner.get(`/api/documents/${ids.document}`)).json as { content: string };
          return v.post(`/api/documents/${ids.document}/suggestions/proposals`, { suggestions: [{ quote: { exact: content }, replacement: `${content}\n\nMore.` }] });
        },
        { editor: 201, commenter: 201, viewer: 403 },
      ],
      ['a document in the owner project', (v) => v.post('/api/documents', { title: 'Mine', content: 'x', projectId: ids.project }), { editor: 403, commenter: 404, viewer: 403 }],
      ['the owner document flow', (v) => v.post('/api/document-flow/message', { documentId: ids.document, content: 'More' }), { editor: 404, commenter: 404, viewer: 404 }],
      // The editor passes the access check; what the voice provider then answers is not this test's concern (0: not refused).
      ['a voice session on the document', (v) => v.get(`/api/realtime/session-token?documentId=${ids.document}`), { editor: 0, commenter: 403, viewer: 403 }],
    ];
    const wrong: string[] = [];
    for (const [name, call, expected] of table) {
      for (const colleague of Object.keys(expected) as Colleague[]) {
        const status = await statusOf(colleague, call);
        const ok = expected[colleague] === 0 ? ![401, 403, 404].includes(status) : status === expected[colleague];
        if (!ok) wrong.push(`${name} by the ${colleague}: expected ${expected[colleague]}, got ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('opens realtime sessions for editors only, and closes them the moment the grant is revoked', async () => {
    const editor = await socket(stack.url, colleagues.editor.cookie);
    const viewer = await socket(stack.url, colleagues.viewer.cookie);
    try {
      viewer.ws.send(JSON.stringify({ type: 'init_session', userId: colleagues.viewer.id, documentId: ids.document }));
      expect((await until('the viewer answer', () => viewer.frames.find((f) => f.type === 'error' || f.type === 'session_initialized'))).type).toBe('error');
      editor.ws.send(JSON.stringify({ type: 'init_session', userId: colleagues.editor.id, documentId: ids.document }));
      await until('the editor session', () => editor.frames.find((f) => f.type === 'session_initialized'));

      const closed = new Promise<number>((resolve) => editor.ws.once('close', (code) => resolve(code)));
      expect((await owner.request('DELETE', `/api/projects/${ids.project}/shares/${colleagues.editor.id}`)).status).toBe(204);
      expect(await closed).toBe(4403);
      expect((await colleagues.editor.get(`/api/documents/${ids.document}`)).status).toBe(404);
    } finally {
      editor.ws.close();
      viewer.ws.close();
    }
  });

  /** docs/decisions/0031-hostile-collaboration.md: comment powers and reply notices follow the current grant, not the one a comment was written under. */
  it('takes comment powers from an author lowered to viewer, and reply notices from a participant who lost access', async () => {
    const commenter = colleagues.commenter;
    const share = `/api/documents/${ids.document}/shares/${commenter.id}`;
    const mine = (await commenter.post(`/api/documents/${ids.document}/comments`, { content: 'Written as a commenter' })).json as { id: number };
    expect((await owner.patch(share, { role: 'viewer' })).status).toBe(200);
    const tries = [
      await commenter.patch(`/api/comments/${mine.id}`, { resolved: true }),
      await commenter.patch(`/api/comments/${mine.id}`, { content: 'Edited as a viewer' }),
      await commenter.delete(`/api/comments/${mine.id}`),
    ];
    expect(tries.map((a) => [a.status, (a.json as { message?: string }).message])).toEqual(Array.from({ length: 3 }, () => [403, 'This needs the commenter role or higher']));

    // The owner replies after taking the grant away and renaming the document: the former participant hears of neither.
    expect((await owner.delete(share)).status).toBe(204);
    expect((await owner.patch(`/api/documents/${ids.document}`, { title: 'Renamed after the removal' })).status).toBe(200);
    const reply = (await owner.post(`/api/comments/${mine.id}/replies`, { content: 'Noted' })).json as { id: number };
    expect(reply.id).toBeGreaterThan(mine.id);
    const theirs = await commenter.get('/api/notifications');
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain('Renamed after the removal');
  });

  /**
   * docs/decisions/0037-workspaces.md: the workspace's routes and items for each kind of caller. The owner is its admin; a member
   * joined by invite link has the default role (editor) on its items; a former member, an outsider, a guest and an anonymous
   * visitor reach nothing (404, or 401/403 before any lookup for those without an account).
   */
  it('gives a workspace admin, member, former member, outsider, guest and anonymous visitor exactly what membership allows', async () => {
    const identity = `http://127.0.0.1:${stack.replicas('identity')[0]!.port}`;
    const [member, former] = [await new Visitor(stack.url).register('member', identity), await new Visitor(stack.url).register('former', identity)];
    const space = (await owner.post('/api/workspaces', { name: 'Matrix team' })).json as { id: number };
    for (const who of [member, former]) {
      const invite = (await owner.post(`/api/workspaces/${space.id}/invites`)).json as { token: string };
      expect((await who.post(`/api/invites/${invite.token}/accept`)).status).toBe(200);
    }
    expect((await owner.delete(`/api/workspaces/${space.id}/members/${former.id}`)).status).toBe(204);
    const item = (await owner.post('/api/documents', { title: 'Team doc', content: `# ${SECRET}`, workspaceId: space.id })).json as { id: number };
    const project = (await owner.post('/api/projects', { name: 'Team project', workspaceId: space.id })).json as { id: number };

    type Caller = 'admin' | 'member' | 'former member' | 'outsider' | 'guest' | 'anonymous';
    const callers: Record<Caller, Visitor> = { admin: owner, member, 'former member': former, outsider: actors['other user'], guest: actors.guest, anonymous: actors.anonymous };
    const noAccount = [401, 403, 404];
    // What each caller gets: a status, or a list of acceptable ones.
    const expected: Array<[string, (v: Visitor) => Promise<Answer>, Record<Caller, number | number[]>]> = [
      ['read the workspace', (v) => v.get(`/api/workspaces/${space.id}`), { admin: 200, member: 200, 'former member': 404, outsider: 404, guest: noAccount, anonymous: noAccount }],
      [
        'list its members',
        (v) => v.get(`/api/workspaces/${space.id}/members`),
        { admin: 200, member: 200, 'former member': 404, outsider: 404, guest: noAccount, anonymous: noAccount },
      ],
      ['list its documents', (v) => v.get(`/api/documents?workspace=${space.id}`), { admin: 200, member: 200, 'former member': 404, outsider: 404, guest: 404, anonymous: 404 }],
      ['read its document', (v) => v.get(`/api/documents/${item.id}`), { admin: 200, member: 200, 'former member': 404, outsider: 404, guest: 404, anonymous: 404 }],
      [
        'edit its document',
        (v) => v.patch(`/api/documents/${item.id}`, { content: `# ${SECRET}\nmore` }),
        { admin: 200, member: 200, 'former member': 404, outsider: 404, guest: 404, anonymous: noAccount },
      ],
      ['read its project', (v) => v.get(`/api/projects/${project.id}`), { admin: 200, member: 200, 'former member': 404, outsider: 404, guest: noAccount, anonymous: noAccount }],
      [
        'make an invite link',
        (v) => v.post(`/api/workspaces/${space.id}/invites`),
        { admin: 201, member: 403, 'former member': 404, outsider: 404, guest: noAccount, anonymous: noAccount },
      ],
      [
        'rename the workspace',
        (v) => v.patch(`/api/workspaces/${space.id}`, { name: 'Renamed' }),
        { admin: 200, member: 403, 'former member': 404, outsider: 404, guest: noAccount, anonymous: noAccount },
      ],
      [
        'add a member',
        (v) => v.post(`/api/workspaces/${space.id}/members`, { login: former.username, role: 'member' }),
        { admin: 201, member: 403, 'former member': 404, outsider: 404, guest: noAccount, anonymous: noAccount },
      ],
      [
        'remove the admin',
        (v) => v.delete(`/api/workspaces/${space.id}/members/${owner.id}`),
        { admin: 409, member: 403, 'former member': 404, outsider: 404, guest: noAccount, anonymous: noAccount },
      ],
      [
        'create a document in it',
        (v) => v.post('/api/documents', { title: 'x', content: 'x', workspaceId: space.id }),
        { admin: 201, member: 201, 'former member': 404, outsider: 404, guest: 404, anonymous: [401, 403, 404] },
      ],
      ['delete its document', (v) => v.delete(`/api/documents/${item.id}`), { admin: 200, member: 403, 'former member': 404, outsider: 404, guest: 404, anonymous: noAccount }],
    ];
    const wrong: string[] = [];
    // Callers without the admin's powers first, so that the admin's writes (adding back the former member, deleting the item) come last.
    for (const caller of ['member', 'former member', 'outsider', 'guest', 'anonymous', 'admin'] as const) {
      for (const [what, call, want] of expected) {
        const res = await call(callers[caller]);
        const allowed = Array.isArray(want[caller]) ? want[caller] : [want[caller]];
        const leaked = !['admin', 'member'].includes(caller) && res.text.includes(SECRET);
        if (!allowed.includes(res.status) || leaked) wrong.push(`${caller} ${what}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
