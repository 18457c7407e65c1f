import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { browserRequest as request } from '@prd/kit/testing';
import { signUp, startIdentityForPeers, type IdentityService, type TestUser } from '@prd/testing/identity';
import { startContent, type ContentService } from '@prd/testing/content';
import type { Suggestion } from '@prd/proto';
import { connect as connectLive } from './collab-clients.js';

const DOCS_LIMIT = 6;
type Named = TestUser & { username: string };

/** docs/decisions/0015-programmatic-access.md: the MCP server and bearer calls over identity and two content replicas. */
describe('MCP server and bearer tokens in content', () => {
  let identity: IdentityService;
  let a: ContentService;
  let b: ContentService;
  let owner: Named;
  let stranger: Named;
  let rw: string;
  let ro: string;
  const clients: Client[] = [];

  const named = async (): Promise<Named> => {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await signUp(identity, username)), username };
  };
  const token = async (user: TestUser, scope: 'read' | 'read-write') =>
    (
      await request(identity.url)
        .post('/api/tokens')
        .set('Cookie', user.cookie)
        .send({ name: `t-${scope}`, scope })
        .expect(201)
    ).body as { id: number; token: string };
  const connect = async (url: string, secret: string) => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } }));
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  const parsed = <T>(result: CallToolResult): T => {
    expect(result.isError).toBeFalsy();
    return JSON.parse(text(result)) as T;
  };

  beforeAll(async () => {
    identity = await startIdentityForPeers({ USER_DOCS_LIMIT: String(DOCS_LIMIT) });
    a = await startContent(identity);
    b = await startContent(identity, { DATABASE_URL: a.config.DATABASE_URL });
    [owner, stranger] = [await named(), await named()];
    rw = (await token(owner, 'read-write')).token;
    ro = (await token(owner, 'read')).token;
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await b.close();
    await a.close();
    await identity.close();
  });

  it('answers only bearer calls: 401 with WWW-Authenticate: Bearer without a token, from anywhere', async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    // An MCP client sends no Origin: the answer must tell it to authenticate, not refuse it as cross-site.
    for (const res of [
      await supertest(a.url).post('/mcp').send(list),
      await supertest(a.url).post('/mcp').set('Origin', a.url).send(list),
      await supertest(a.url).post('/mcp').set('Origin', 'https://evil.example').send(list),
      await supertest(a.url).post('/mcp').set('Cookie', owner.cookie).set('Origin', a.url).send(list),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('personal access token') });
    }
    const wrong = await supertest(a.url)
      .post('/mcp')
      .set('Authorization', `Bearer prd_${'A'.repeat(43)}`)
      .send(list)
      .expect(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // Still JSON only: a form post is no MCP message.
    await supertest(a.url).post('/mcp').set('Authorization', `Bearer ${ro}`).type('form').send('a=1').expect(415);
  });

  /** A raw JSON-RPC POST, as a client batching calls sends it. */
  const rpc = (url: string, secret: string, body: unknown) =>
    supertest(url)
      .post('/mcp')
      .set('Authorization', `Bearer ${secret}`)
      .set('Accept', 'application/json, text/event-stream')
      .send(body as object);
  const toolCalls = (n: number, name: string, args: Record<string, unknown> = {}) =>
    Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name, arguments: args } }));

  it("counts every call of a batch against the token's rate limit, and refuses a batch of more than 20", async () => {
    // A replica allowing 30 calls a minute per token (the count is kept in Redis for every replica).
    const limited = await startContent(identity, { DATABASE_URL: a.config.DATABASE_URL, TOKEN_REQUESTS_PER_MINUTE: '30' });
    try {
      const { token: secret } = await token(await named(), 'read');
      const tooLarge = await rpc(limited.url, secret, toolCalls(21, 'list_projects')).expect(400);
      expect(tooLarge.body).toEqual({ code: 'VALIDATION_FAILED', message: 'An MCP batch may hold at most 20 messages' });
      const answered = await rpc(limited.url, secret, toolCalls(20, 'list_projects')).expect(200);
      expect(answered.body).toHaveLength(20);
      // 1 + 20 calls so far: twenty more would be 41 of 30.
      const refused = await rpc(limited.url, secret, toolCalls(20, 'list_projects')).expect(429);
      expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests with this API token. Please wait a moment and try again.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('caps what one request answers: a batch cannot read the largest document over and over', async () => {
    const reader = await named();
    const content = `# Big\n\n${'All work and no play. '.repeat(90_000)}`;
    const doc = (await request(a.url).post('/api/documents').set('Cookie', reader.cookie).send({ title: 'Big', content }).expect(201)).body as { id: number };
    const { token: secret } = await token(reader, 'read');
    const res = await rpc(a.url, secret, toolCalls(3, 'get_document', { id: doc.id })).expect(200);
    // The calls run side by side: whichever answers last finds the budget spent.
    const results = (res.body as Array<{ result: CallToolResult }>).map((r) => r.result);
    const [answered, refused] = [results.filter((r) => !r.isError), results.filter((r) => r.isError)];
    expect(answered.map((r) => text(r).length > content.length)).toEqual([true, true]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toEqual({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^This answer would exceed 5000000 characters: ask for less in one request/) }],
    });
    expect(res.text.length).toBeLessThan(5_100_000);
  });

  it('lists its tools and the document resource template', async () => {
    const client = await connect(a.url, ro);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'add_comment',
        'create_document',
        'get_document',
        'get_project',
        'list_documents',
        'list_projects',
        'list_suggestions',
        'list_workspaces',
        'search_documents',
        'suggest_edit',
        'update_document',
      ].sort(),
    );
    expect(tools.find((t) => t.name === 'create_document')?.inputSchema.required).toEqual(['title', 'content']);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['prd://documents/{id}']);
  });

  it('reads, searches and edits through every tool with a read-write token, on either replica', async () => {
    const project = (await request(a.url).post('/api/projects').set('Cookie', owner.cookie).send({ name: 'Checkout revamp', description: 'Payments' }).expect(201)).body as {
      id: number;
    };
    const client = await connect(a.url, rw);
    const created = parsed<{ id: number; role: string }>(
      await call(client, 'create_document', { title: 'Checkout PRD', content: '# Checkout\n\nShoppers abandon carts at the payment step.', projectId: project.id }),
    );
    expect(created.role).toBe('owner');

    const onB = await connect(b.url, rw);
    expect(text(await call(onB, 'get_document', { id: created.id }))).toContain('Shoppers abandon carts at the payment step.');
    const updated = parsed<{ content: string }>(await call(onB, 'update_document', { id: created.id, content: '# Checkout\n\nShoppers abandon carts; offer wallets.' }));
    expect(updated.content).toContain('wallets');
    // An update is a revision like any other.
    const revisions = (await request(a.url).get(`/api/documents/${created.id}/revisions`).set('Cookie', owner.cookie).expect(200)).body as Array<{
      content: string;
      source: string;
    }>;
    expect(revisions[0]).toMatchObject({ source: 'user', content: expect.stringContaining('payment step') });

    const listed = parsed<{ own: Array<{ id: number }>; shared: unknown[] }>(await call(client, 'list_documents', { title: 'checkout' }));
    expect(listed.own.map((d) => d.id)).toEqual([created.id]);
    expect(parsed<{ own: unknown[] }>(await call(client, 'list_documents', { title: 'no such title' })).own).toEqual([]);

    // Full-text: stemming finds "wallet" in "wallets"; the snippet marks it.
    const hits = parsed<Array<{ id: number; snippet: string }>>(await call(client, 'search_documents', { query: 'wallet' }));
    expect(hits).toEqual([expect.objectContaining({ id: created.id, snippet: expect.stringContaining('«wallets»') })]);

    const projects = parsed<{ own: Array<{ id: number }> }>(await call(client, 'list_projects'));
    expect(projects.own.map((p) => p.id)).toContain(project.id);
    const detail = parsed<{ name: string; documents: Array<{ id: number; title: string }> }>(await call(client, 'get_project', { id: project.id }));
    expect(detail).toMatchObject({ name: 'Checkout revamp', documents: [{ id: created.id, title: 'Checkout PRD' }] });

    const comment = parsed<{ content: string }>(await call(client, 'add_comment', { documentId: created.id, content: 'Which wallets?' }));
    expect(comment.content).toBe('Which wallets?');
    const threads = (await request(a.url).get(`/api/documents/${created.id}/comments`).set('Cookie', owner.cookie).expect(200)).body as unknown[];
    expect(threads).toHaveLength(1);

    // Workspaces (docs/decisions/0037-workspaces.md): listed, and a document made in one is listed under it.
    const workspace = (await request(a.url).post('/api/workspaces').set('Cookie', owner.cookie).send({ name: 'Agents' }).expect(201)).body as { id: number };
    expect(parsed<Array<{ id: number; role: string }>>(await call(client, 'list_workspaces'))).toContainEqual(expect.objectContaining({ id: workspace.id, role: 'admin' }));
    const inSpace = parsed<{ id: number; workspaceId: number }>(await call(client, 'create_document', { title: 'Team note', content: 'Shared.', workspaceId: workspace.id }));
    expect(inSpace.workspaceId).toBe(workspace.id);
    expect(parsed<{ workspace: Array<{ id: number }> }>(await call(client, 'list_documents', { workspaceId: workspace.id })).workspace.map((d) => d.id)).toEqual([inSpace.id]);

    const resource = await client.readResource({ uri: `prd://documents/${created.id}` });
    expect(resource.contents).toEqual([{ uri: `prd://documents/${created.id}`, mimeType: 'text/markdown', text: updated.content }]);
  });

  it('refuses update_document whose expectedVersion is not the current one; the token is the author of what it wrote', async () => {
    const client = await connect(a.url, rw);
    const created = parsed<{ id: number; version: number }>(await call(client, 'create_document', { title: 'Versioned', content: 'First.\n' }));
    expect(text(await call(client, 'get_document', { id: created.id }))).toContain(`version ${created.version}`);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'update_document')?.inputSchema.properties).toHaveProperty('expectedVersion');

    const updated = parsed<{ version: number }>(await call(client, 'update_document', { id: created.id, content: 'Second.\n', expectedVersion: created.version }));
    expect(updated.version).toBe(created.version + 1);
    // Someone saved in the browser since the agent read version `updated.version`.
    await request(b.url).patch(`/api/documents/${created.id}`).set('Cookie', owner.cookie).send({ content: 'The owner’s text.\n' }).expect(200);
    const stale = await call(client, 'update_document', { id: created.id, content: 'Agent over it.\n', expectedVersion: updated.version });
    expect(stale.isError).toBe(true);
    expect(text(stale)).toBe('The document changed since you read it; read it again');
    const now = (await request(a.url).get(`/api/documents/${created.id}`).set('Cookie', owner.cookie).expect(200)).body as { content: string };
    expect(now.content).toBe('The owner’s text.\n');

    const revisions = (await request(a.url).get(`/api/documents/${created.id}/revisions`).set('Cookie', owner.cookie).expect(200)).body as Array<{
      content: string;
      author: { kind: string; token: string | null; users: { id: number }[] };
    }>;
    expect(revisions[0]).toMatchObject({ content: 'Second.\n', author: { kind: 'token', token: 't-read-write', users: [{ id: owner.id }] } });
  });

  it('refuses writes with a read token as tool errors, and reads with it', async () => {
    const client = await connect(a.url, ro);
    const doc = (await request(a.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Read only', content: 'Text' }).expect(201)).body as { id: number };
    expect(text(await call(client, 'get_document', { id: doc.id }))).toContain('Text');
    const message = 'This API token is read-only: create a read-write token to make changes';
    for (const [tool, args] of [
      ['create_document', { title: 'x', content: 'y' }],
      ['update_document', { id: doc.id, content: 'changed' }],
      ['add_comment', { documentId: doc.id, content: 'hi' }],
      ['suggest_edit', { documentId: doc.id, quote: { exact: 'Text' }, replacement: 'Words' }],
      ['update_document', { id: doc.id, content: 'changed', mode: 'suggest' }],
    ] as const) {
      const result = await call(client, tool, args);
      expect(result).toMatchObject({ isError: true });
      expect(text(result)).toBe(message);
    }
    expect((await request(a.url).get(`/api/documents/${doc.id}`).set('Cookie', owner.cookie)).body.content).toBe('Text');
    // The same token over HTTP: GET yes, writes 403.
    await supertest(a.url).get(`/api/documents/${doc.id}`).set('Authorization', `Bearer ${ro}`).expect(200);
    const write = await supertest(a.url).patch(`/api/documents/${doc.id}`).set('Authorization', `Bearer ${ro}`).send({ content: 'x' }).expect(403);
    expect(write.body).toEqual({ code: 'FORBIDDEN', message });
  });

  it("finds nothing of another user's: not found, not listed, not searchable", async () => {
    const secret = (await request(a.url).post('/api/documents').set('Cookie', stranger.cookie).send({ title: 'Stranger plan', content: 'zanzibar quokka' }).expect(201)).body as {
      id: number;
    };
    const client = await connect(a.url, rw);
    for (const [tool, args] of [
      ['get_document', { id: secret.id }],
      ['update_document', { id: secret.id, content: 'mine now' }],
      ['add_comment', { documentId: secret.id, content: 'hi' }],
      ['suggest_edit', { documentId: secret.id, quote: { exact: 'zanzibar' }, replacement: 'mine' }],
      ['update_document', { id: secret.id, content: 'mine now', mode: 'suggest' }],
      ['list_suggestions', { documentId: secret.id }],
    ] as const) {
      const result = await call(client, tool, args);
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('Document not found');
    }
    expect(parsed<unknown[]>(await call(client, 'search_documents', { query: 'quokka' }))).toEqual([]);
    expect(text(await call(client, 'list_documents', { title: 'Stranger' }))).not.toContain('Stranger plan');
    await expect(client.readResource({ uri: `prd://documents/${secret.id}` })).rejects.toThrow('Document not found');
    const project = (await request(a.url).post('/api/projects').set('Cookie', stranger.cookie).send({ name: 'Hidden' }).expect(201)).body as { id: number };
    expect(text(await call(client, 'get_project', { id: project.id }))).toBe('Project not found');
  });

  it('applies the roles of sharing: a viewer reads a shared document but cannot edit it', async () => {
    const shared = (await request(a.url).post('/api/documents').set('Cookie', stranger.cookie).send({ title: 'Shared spec', content: 'pelican' }).expect(201)).body as {
      id: number;
    };
    await request(a.url).post(`/api/documents/${shared.id}/shares`).set('Cookie', stranger.cookie).send({ login: owner.username, role: 'viewer' }).expect(201);
    const client = await connect(a.url, rw);
    expect(text(await call(client, 'get_document', { id: shared.id }))).toContain('pelican');
    expect(parsed<Array<{ id: number }>>(await call(client, 'search_documents', { query: 'pelican' })).map((h) => h.id)).toEqual([shared.id]);
    const refused = await call(client, 'update_document', { id: shared.id, content: 'edited' });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/editor/i);
  });

  it('searches a document shared through its project, and stops when the project grant is removed', async () => {
    const project = (await request(a.url).post('/api/projects').set('Cookie', stranger.cookie).send({ name: 'Shared roadmap' }).expect(201)).body as { id: number };
    const inside = (await request(a.url).post('/api/documents').set('Cookie', stranger.cookie).send({ title: 'Roadmap', content: 'narwhal', projectId: project.id }).expect(201))
      .body as {
      id: number;
    };
    const client = await connect(a.url, rw);
    expect(parsed<unknown[]>(await call(client, 'search_documents', { query: 'narwhal' }))).toEqual([]);
    await request(a.url).post(`/api/projects/${project.id}/shares`).set('Cookie', stranger.cookie).send({ login: owner.username, role: 'viewer' }).expect(201);
    expect(parsed<Array<{ id: number }>>(await call(client, 'search_documents', { query: 'narwhal' })).map((h) => h.id)).toEqual([inside.id]);
    await request(a.url).delete(`/api/projects/${project.id}/shares/${owner.id}`).set('Cookie', stranger.cookie).expect(204);
    expect(parsed<unknown[]>(await call(client, 'search_documents', { query: 'narwhal' }))).toEqual([]);
  });

  it('suggests edits labelled with the token’s name, announced to an editor open on the other replica; update_document suggests one per changed passage', async () => {
    const content = '# Launch\n\nShip in Q3.\n\n## Risks\n\nNone known.\n';
    const doc = (await request(a.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Launch', content }).expect(201)).body as { id: number; version: number };
    const live = connectLive(b.url, owner.cookie, doc.id);
    try {
      await live.synced;
      const announced = new Promise<string>((resolve) => live.provider.on('stateless', ({ payload }: { payload: string }) => resolve(payload)));
      const client = await connect(a.url, rw);
      const suggested = parsed<Suggestion>(
        await call(client, 'suggest_edit', { documentId: doc.id, quote: { exact: 'Q3', prefix: 'Ship in ' }, replacement: 'July', note: 'Q3 is too late' }),
      );
      expect(suggested).toMatchObject({
        status: 'pending',
        author: { kind: 'token', name: 't-read-write', userId: owner.id, requestedBy: null },
        replacement: 'July',
        note: 'Q3 is too late',
      });
      expect(JSON.parse(await announced)).toEqual({ type: 'suggestions', documentId: doc.id });

      const missing = await call(client, 'suggest_edit', { documentId: doc.id, quote: { exact: 'Q4' }, replacement: 'July' });
      expect(missing.isError).toBe(true);
      expect(text(missing)).toBe('The quoted text is not in the document: read it again and quote it exactly');

      const proposed = content.replace('Ship in Q3.', 'Ship in July.').replace('None known.', '- Vendor delay\n- PCI review');
      const stale = await call(client, 'update_document', { id: doc.id, content: proposed, mode: 'suggest', expectedVersion: doc.version + 1 });
      expect(stale.isError).toBe(true);
      const made = parsed<{ suggestions: Suggestion[] }>(await call(client, 'update_document', { id: doc.id, content: proposed, mode: 'suggest', expectedVersion: doc.version }));
      expect(made.suggestions.map((s) => [s.quote.exact, s.replacement, s.author.name])).toEqual([
        ['Ship in Q3.\n', 'Ship in July.\n', 't-read-write'],
        ['None known.\n', '- Vendor delay\n- PCI review\n', 't-read-write'],
      ]);
      const titled = await call(client, 'update_document', { id: doc.id, title: 'New', content: proposed, mode: 'suggest' });
      expect(text(titled)).toMatch(/proposes a new content only/);
      // Nothing changed in the text; the list has all three, newest first, and filters by status.
      expect((await request(a.url).get(`/api/documents/${doc.id}`).set('Cookie', owner.cookie).expect(200)).body.content).toBe(content);
      const listed = parsed<{ suggestions: Suggestion[] }>(await call(await connect(b.url, ro), 'list_suggestions', { documentId: doc.id }));
      expect(listed.suggestions.map((s) => s.id)).toEqual([made.suggestions[1]!.id, made.suggestions[0]!.id, suggested.id]);
      expect(parsed<{ suggestions: Suggestion[] }>(await call(client, 'list_suggestions', { documentId: doc.id, status: 'accepted' })).suggestions).toEqual([]);
    } finally {
      live.destroy();
    }
  });

  it('suggests on a document shared for commenting, not on one shared for viewing', async () => {
    const client = await connect(a.url, rw);
    for (const [role, allowed] of [
      ['commenter', true],
      ['viewer', false],
    ] as const) {
      const shared = (await request(a.url).post('/api/documents').set('Cookie', stranger.cookie).send({ title: 'Shared', content: 'flamingo' }).expect(201)).body as { id: number };
      await request(a.url).post(`/api/documents/${shared.id}/shares`).set('Cookie', stranger.cookie).send({ login: owner.username, role }).expect(201);
      const result = await call(client, 'suggest_edit', { documentId: shared.id, quote: { exact: 'flamingo' }, replacement: 'heron' });
      expect(result.isError ?? false).toBe(!allowed);
      if (!allowed) expect(text(result)).toMatch(/commenter/);
    }
  });

  it("validates tool input with proto's contracts and their messages", async () => {
    const client = await connect(a.url, rw);
    const bad = await call(client, 'get_document', { id: 'abc' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('Document id must be a number');
    const noTitle = await call(client, 'create_document', { content: 'x' });
    expect(noTitle.isError).toBe(true);
    expect(text(noTitle)).toContain('Document title is required');
  });

  it('spends the same monthly document allowance as the browser', async () => {
    const user = await named();
    const client = await connect(a.url, (await token(user, 'read-write')).token);
    for (let i = 0; i < DOCS_LIMIT; i++) expect((await call(client, 'create_document', { title: `Doc ${i}`, content: 'x' })).isError).toBeFalsy();
    const over = await call(client, 'create_document', { title: 'One too many', content: 'x' });
    expect(over.isError).toBe(true);
    const browser = await request(a.url).post('/api/documents').set('Cookie', user.cookie).send({ title: 'Browser', content: 'x' }).expect(429);
    expect(text(over)).toBe(browser.body.message);
  });

  it('stops a revoked token at once on the other replica', async () => {
    const { id, token: secret } = await token(owner, 'read');
    await supertest(a.url).get('/api/documents').set('Authorization', `Bearer ${secret}`).expect(200);
    await supertest(b.url).get('/api/documents').set('Authorization', `Bearer ${secret}`).expect(200);
    await request(identity.url).delete(`/api/tokens/${id}`).set('Cookie', owner.cookie).expect(204);
    await supertest(b.url).get('/api/documents').set('Authorization', `Bearer ${secret}`).expect(401);
    await supertest(a.url).get('/api/documents').set('Authorization', `Bearer ${secret}`).expect(401);
    await expect(connect(b.url, secret)).rejects.toThrow();
  });
});
