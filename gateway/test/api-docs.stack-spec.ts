import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from '@prd/proto/openapi';
import { runningStack } from './stack.js';

const { url } = runningStack();

type Operation = { tags?: string[] };

describe('the API reference through the gateway', () => {
  it('serves /api/openapi.json: the document generated from the contracts of the running build', async () => {
    const res = await fetch(`${url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-service')).toBeNull();
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('serves the interactive reference at /api/docs with every asset from the gateway itself', async () => {
    const res = await fetch(`${url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']));
    for (const asset of assets) {
      expect(asset).toMatch(/^\/(?!\/)/); // same origin: no CDN, no other host
      const answer = await fetch(url + asset);
      expect({ asset, status: answer.status }).toEqual({ asset, status: 200 });
    }
    expect(await (await fetch(`${url}/api/docs/init.js`)).text()).toContain("url: '/api/openapi.json'");
  });

  it('serves nothing else under /api/docs', async () => {
    for (const path of ['/api/docs/missing.js', '/api/docs/..%2Findex.html', '/api/docs/sub/dir.js']) {
      const res = await fetch(url + path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  it('documents routes that the gateway sends to the service each is tagged with', async () => {
    const { paths = {} } = buildOpenApiDocument();
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
        // Anonymous and bodiless: every route refuses or answers without changing anything.
        const res = await fetch(url + path.replace(/\{[^}]+\}/g, '1'), { method: method.toUpperCase(), redirect: 'manual', headers: { Origin: url } });
        await res.body?.cancel();
        const service = res.headers.get('x-service');
        if (service !== operation.tags?.[0]) wrong.push(`${method.toUpperCase()} ${path}: answered by ${service ?? 'the gateway'} (${res.status})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
