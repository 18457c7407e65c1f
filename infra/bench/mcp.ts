import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { postJson, type BenchUser } from './api.ts';
import { latencies, type Latencies } from './load.ts';

/** How many documents the MCP tools are measured over. */
export const MCP_DOCUMENTS = 1_000;

export interface McpFigures {
  documents: number;
  getDocument: Latencies;
  searchDocuments: Latencies;
}

const WORDS = [
  'checkout',
  'payment',
  'onboarding',
  'latency',
  'wallet',
  'invoice',
  'search',
  'export',
  'mobile',
  'analytics',
  'consent',
  'pricing',
  'retention',
  'sharing',
  'offline',
  'audit',
];

/** A PRD-shaped markdown of about 2 kB whose words vary with `n`, so searches match some documents and rank them. */
function documentText(n: number): string {
  const word = (k: number) => WORDS[(n * 7 + k * 3) % WORDS.length]!;
  const paragraph = (k: number) => `Users need ${word(k)} and ${word(k + 1)} that work on every device; we measure ${word(k + 2)} weekly and review ${word(k + 3)} with the team.`;
  return [
    `# ${word(0)} ${n}`,
    '## Problem',
    paragraph(1),
    paragraph(2),
    '## Goals',
    paragraph(3),
    paragraph(4),
    '## User stories',
    paragraph(5),
    paragraph(6),
    '## Acceptance criteria',
    paragraph(7),
  ]
    .join('\n\n')
    .repeat(2);
}

/**
 * The documents are written straight into the content database (1,000 API calls would take longer
 * than the measurement): the same columns the service writes, owned by the benchmark user.
 */
async function seed(contentDatabaseUrl: string, ownerId: number): Promise<void> {
  const client = new pg.Client({ connectionString: contentDatabaseUrl });
  await client.connect();
  try {
    const titles = Array.from({ length: MCP_DOCUMENTS }, (_, n) => `PRD ${n} ${WORDS[n % WORDS.length]}`);
    const contents = Array.from({ length: MCP_DOCUMENTS }, (_, n) => documentText(n));
    await client.query('INSERT INTO documents (owner_id, title, content) SELECT $1, t, c FROM unnest($2::text[], $3::text[]) AS s(t, c)', [ownerId, titles, contents]);
    await client.query('ANALYZE documents');
  } finally {
    await client.end();
  }
}

async function timed(client: Client, name: string, args: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${name} answered a tool error: ${JSON.stringify(result.content).slice(0, 300)}`);
  return ms;
}

/**
 * docs/decisions/0015-programmatic-access.md: `get_document` and `search_documents` through nginx with the MCP SDK's own client
 * and a read token, one call at a time, over the user's 1,000 documents; each call is a whole
 * stateless Streamable HTTP POST (token check, tool, JSON answer).
 */
export async function measureMcp(base: string, user: BenchUser, contentDatabaseUrl: string, samples: number): Promise<McpFigures> {
  await seed(contentDatabaseUrl, user.id);
  const { token } = await postJson<{ token: string }>(base, user, '/api/tokens', { name: 'bench', scope: 'read' });
  const client = new Client({ name: 'prd-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  try {
    const listed = (await client.callTool({ name: 'list_documents', arguments: {} })) as CallToolResult;
    const first = listed.content[0];
    const ids = (JSON.parse(first?.type === 'text' ? first.text : '{"own":[]}') as { own: Array<{ id: number }> }).own.map((d) => d.id);
    if (ids.length < MCP_DOCUMENTS) throw new Error(`list_documents found ${ids.length} documents, expected ${MCP_DOCUMENTS}`);
    // One warm-up call of each, left out of the figures.
    await timed(client, 'get_document', { id: ids[0]! });
    await timed(client, 'search_documents', { query: WORDS[0]! });
    const get: number[] = [];
    const search: number[] = [];
    for (let i = 0; i < samples; i++) {
      get.push(await timed(client, 'get_document', { id: ids[(i * 37) % ids.length]! }));
      search.push(await timed(client, 'search_documents', { query: `${WORDS[i % WORDS.length]!} ${WORDS[(i + 5) % WORDS.length]!}` }));
    }
    return { documents: ids.length, getDocument: latencies(get), searchDocuments: latencies(search) };
  } finally {
    await client.close();
  }
}
