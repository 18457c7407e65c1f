import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { runningStack } from './stack.js';

const { url } = runningStack();

/** A browser session on the stack: sign-up through nginx, then same-origin JSON calls with its cookie. */
async function browser() {
  const name = `mcp${randomBytes(5).toString('hex')}`;
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'secret-password' }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(url + path, {
      method,
      headers: { Cookie: cookie, Origin: url, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };
  return { name, call };
}

/** docs/decisions/0015-programmatic-access.md: the MCP server through nginx, with the SDK's own client. */
describe('MCP through the gateway', () => {
  const clients: Client[] = [];
  let owner: Awaited<ReturnType<typeof browser>>;
  let readWrite: string;
  let readOnly: string;
  let strangerDocument: number;

  const connect = async (token: string) => {
    const client = new Client({ name: 'stack-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

  beforeAll(async () => {
    owner = await browser();
    const token = async (scope: string) => {
      const res = await owner.call('POST', '/api/tokens', { name: scope, scope });
      expect(res.status).toBe(201);
      return res.json.token as string;
    };
    readWrite = await token('read-write');
    readOnly = await token('read');
    const stranger = await browser();
    strangerDocument = (await stranger.call('POST', '/api/documents', { title: 'Not yours', content: 'stranger things' })).json.id as number;
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
  });

  it('refuses a call without a token', async () => {
    const res = await fetch(`${url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-service')).toBe('content');
  });

  it('lists the tools and calls each of them', async () => {
    const client = await connect(readWrite);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(
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
    const project = (await owner.call('POST', '/api/projects', { name: 'Gateway project' })).json.id as number;
    expect((await owner.call('POST', '/api/workspaces', { name: 'Gateway team' })).status).toBe(201);
    const created = await call(client, 'create_document', { title: 'Gateway PRD', content: '# Goals\n\nFaster onboarding for teams.', projectId: project });
    expect(created.isError).toBeFalsy();
    const id = (JSON.parse(text(created)) as { id: number }).id;
    const results = {
      list_projects: await call(client, 'list_projects'),
      list_workspaces: await call(client, 'list_workspaces'),
      get_project: await call(client, 'get_project', { id: project }),
      list_documents: await call(client, 'list_documents', { title: 'gateway' }),
      get_document: await call(client, 'get_document', { id }),
      search_documents: await call(client, 'search_documents', { query: 'onboarding' }),
      update_document: await call(client, 'update_document', { id, content: '# Goals\n\nFaster onboarding for whole companies.' }),
      add_comment: await call(client, 'add_comment', { documentId: id, content: 'Looks good' }),
      suggest_edit: await call(client, 'suggest_edit', { documentId: id, quote: { exact: 'whole companies' }, replacement: 'teams of every size' }),
      suggest_by_update: await call(client, 'update_document', { id, content: '# Goals\n\nFaster onboarding for whole companies, in a day.', mode: 'suggest' }),
      list_suggestions: await call(client, 'list_suggestions', { documentId: id, status: 'pending' }),
    };
    for (const [tool, result] of Object.entries(results)) expect([tool, result.isError ?? false]).toEqual([tool, false]);
    expect(text(results.list_projects)).toContain('Gateway project');
    expect(text(results.list_workspaces)).toContain('Gateway team');
    expect(text(results.get_project)).toContain('Gateway PRD');
    expect(text(results.list_documents)).toContain('Gateway PRD');
    expect(text(results.get_document)).toContain('Faster onboarding for teams.');
    expect(text(results.search_documents)).toContain('«onboarding»');
    expect((JSON.parse(text(results.list_suggestions)) as { suggestions: { replacement: string }[] }).suggestions.map((x) => x.replacement)).toEqual([
      'Faster onboarding for whole companies, in a day.',
      'teams of every size',
    ]);
    expect(text(await call(client, 'get_document', { id }))).toContain('whole companies');
    expect((await client.readResource({ uri: `prd://documents/${id}` })).contents[0]).toMatchObject({ text: expect.stringContaining('whole companies') });
  });

  it('refuses writes with a read-only token', async () => {
    const client = await connect(readOnly);
    const result = await call(client, 'create_document', { title: 'Nope', content: 'x' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('This API token is read-only: create a read-write token to make changes');
    expect((await call(client, 'list_documents')).isError).toBeFalsy();
  });

  it("answers another user's document as not found", async () => {
    const client = await connect(readWrite);
    for (const result of [await call(client, 'get_document', { id: strangerDocument }), await call(client, 'update_document', { id: strangerDocument, content: 'x' })]) {
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('Document not found');
    }
  });

  it('lets a bearer call without a cookie or Origin write through the API, with a read-write token only', async () => {
    const post = (token: string) =>
      fetch(`${url}/api/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Scripted', content: 'x' }),
      });
    expect((await post(readWrite)).status).toBe(201);
    expect((await post(readOnly)).status).toBe(403);
  });
});
