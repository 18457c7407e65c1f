import { beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { sessionCookieFor } from '@prd/kit/testing';
import { runningStack } from './stack.js';

const { url, state, secrets } = runningStack();

const serviceOf = async (path: string, init?: RequestInit) => (await fetch(url + path, init)).headers.get('x-service');

/** Opens a WebSocket as a browser on the product's page would: with its Origin (or another one). */
function upgrade(path: string, cookie?: string, origin = url): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url.replace('http', 'ws') + path, { headers: { ...(origin ? { Origin: origin } : {}), ...(cookie ? { Cookie: cookie } : {}) } });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy(); // else the refused upgrade's connection outlives the suite
    });
    ws.once('error', () => resolve(0));
  });
}

describe('gateway routing', () => {
  it.each([
    ['/api/current-user', 'identity'],
    ['/api/usage', 'identity'],
    ['/api/settings', 'identity'],
    ['/api/logout', 'identity'],
    ['/api/auth/oidc', 'identity'],
    ['/api/templates', 'content'],
    ['/api/documents', 'content'],
    ['/api/projects', 'content'],
    ['/api/activities', 'content'],
    ['/api/workspaces', 'content'],
    ['/api/invites/x', 'content'],
    ['/api/documents/1/export/docx', 'export'],
    ['/api/documents/1/export/markdown', 'export'],
    ['/api/documents/1/export/pdf', 'export'],
    ['/api/chat', 'chat'],
    ['/api/chat/threads', 'chat'],
    ['/api/document-flow/start', 'chat'],
    ['/api/realtime/session-token', 'chat'],
  ])('routes %s to %s', async (path, service) => {
    expect(await serviceOf(path, { redirect: 'manual' })).toBe(service);
  });

  it("routes a document's suggestions to content, and asking the AI for one to chat", async () => {
    expect(await serviceOf('/api/documents/1/suggestions')).toBe('content');
    expect(await serviceOf('/api/documents/1/suggestions/2/accept', { method: 'POST' })).toBe('content');
    expect(await serviceOf('/api/documents/1/suggestions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).toBe('chat');
    // A person's own suggestions (suggesting mode) are content's.
    expect(await serviceOf('/api/documents/1/suggestions/proposals', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).toBe('content');
  });

  it('never exposes internal routes, health or metrics', async () => {
    for (const path of ['/internal/users/1', '/internal', '/healthz', '/readyz', '/metrics']) {
      const res = await fetch(url + path);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-service')).toBeNull();
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await fetch(`${url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the client for any other path (SPA fallback), revalidated on every load', async () => {
    const res = await fetch(`${url}/some/unknown/page`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toMatch(/<div id="root">/);
  });

  it('serves the most visited pages prerendered (web/scripts/prerender-pages.ts), compressed and revalidated on every load', async () => {
    for (const path of ['/', '/auth', '/documents', '/templates', '/chat']) {
      const res = await fetch(url + path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(await res.text()).toContain('<div id="root" data-prerendered="">');
    }
  });

  it('serves a visitor without a session the document list prerendered empty, anyone with a session cookie the list loading', async () => {
    const page = async (cookie?: string) => (await fetch(`${url}/documents`, { headers: cookie ? { Cookie: cookie } : {} })).text();
    expect(await page()).toContain('No documents yet');
    expect(await page('theme=dark; prd.sid=s%3Aanything')).toContain('Loading documents...');
    expect(await page('prd.sid=s%3Aanything')).not.toContain('No documents yet');
    // Only that cookie counts, not one whose name merely ends the same way.
    expect(await page('old-prd.sid=1')).toContain('No documents yet');
  });

  it("serves a document's page with its stored text for its reader only (an SSI include from content), compressed, never stored", async () => {
    // An anonymous visitor's first document makes them a guest: its answer carries their session.
    const created = await fetch(`${url}/api/documents`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      // An image on this site's API would be fetched with the reader's cookie: content judges it by the forwarded host.
      body: JSON.stringify({ title: 'First screen', content: `# Gateway first screen\n\nIncluded by nginx.\n\n![usage](${url}/api/usage)` }),
    });
    expect(created.status).toBe(201);
    const cookie = (created.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    const { id } = (await created.json()) as { id: number };
    const page = (path: string, headers: Record<string, string> = {}) => fetch(url + path, { headers: { 'Accept-Encoding': 'gzip', ...headers } });

    for (const path of [`/documents/${id}`, `/documents/${id}/`, `/documents/${id}?from=list`]) {
      const res = await page(path, { Cookie: cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toContain('aria-busy="true"><h1>Gateway first screen</h1><p>Included by nginx.</p><p><img alt="usage"></p></article>');
    }
    // Without the session, with another one, at an address naming no document: the loading state alone, no error text.
    for (const [path, headers] of [
      [`/documents/${id}`, {}],
      [`/documents/${id}`, { Cookie: 'prd.sid=s%3Aanything' }],
      ['/documents/99999999999', { Cookie: cookie }],
    ] as const) {
      const html = await (await page(path, headers)).text();
      expect({ path, text: html.includes('Gateway first screen'), error: html.includes('error occurred'), loading: html.includes('Loading document...') }).toEqual({
        path,
        text: false,
        error: false,
        loading: true,
      });
    }
    // The include's own address is not reachable from outside.
    const outside = await page(`/_first-screen/${id}`, { Cookie: cookie });
    expect({ status: outside.status, text: (await outside.text()).includes('Gateway first screen') }).toEqual({ status: 404, text: false });
  });

  it("prerenders only the pages' own addresses: any other, even one named like a prerendered file, gets the empty shell", async () => {
    for (const path of ['/home', '/visitor/documents', '/documents/', '/chat/1']) {
      expect({ path, shell: (await (await fetch(url + path)).text()).includes('<div id="root"></div>') }).toEqual({ path, shell: true });
    }
  });

  it('caches hashed assets for a year without revalidation, compresses them, and keeps the security headers on them', async () => {
    const html = await (await fetch(url)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await fetch(url + asset!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers /robots.txt with crawling rules, not the client', async () => {
    const res = await fetch(`${url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
  });

  it('sends security headers and a request id', async () => {
    const res = await fetch(url);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('passes its request id on to the service', async () => {
    const res = await fetch(`${url}/api/current-user`);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a body over the size limit with a JSON 413', async () => {
    const res = await fetch(`${url}/api/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ content: 'x'.repeat(7 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Request body is too large' });
  });

  it('lets only the import route take a body over 5 MB, which content then judges', async () => {
    const form = new FormData();
    form.append('file', new Blob(['# Big\n', 'x'.repeat(9 * 1024 * 1024)]), 'big.md');
    const res = await fetch(`${url}/api/documents/import`, { method: 'POST', headers: { Origin: url }, body: form });
    expect(res.headers.get('x-service')).toBe('content');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'big.md: longer than 2,000,000 characters once converted' });
  });
});

describe('gateway WebSockets', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionCookieFor(state.redisUrl, secrets.SESSION_SECRET, 424242);
  });

  it('upgrades /ws-general for a user and refuses it without one', async () => {
    expect(await upgrade('/ws-general', cookie)).toBe(101);
    expect(await upgrade('/ws-general')).toBe(401);
  });

  it('upgrades /ws for a user and refuses it without one', async () => {
    expect(await upgrade('/ws', cookie)).toBe(101);
    expect(await upgrade('/ws')).toBe(401);
  });

  it('refuses an upgrade from a page on another site, or naming no origin', async () => {
    expect(await upgrade('/ws-general', cookie, 'https://evil.example')).toBe(403);
    expect(await upgrade('/ws', cookie, 'https://evil.example')).toBe(403);
    expect(await upgrade('/ws-general', cookie, '')).toBe(403);
    expect(await upgrade('/ws', cookie, '')).toBe(403);
  });

  it('refuses a socket path written with escapes or in another case', async () => {
    expect(await upgrade('/%77s', cookie)).toBe(400);
    expect(await upgrade('/WS-general', cookie)).toBe(400);
  });
});
