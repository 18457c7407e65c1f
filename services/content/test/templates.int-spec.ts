import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request, startTestService, type TestService } from '@prd/kit/testing';
import { eq, sql } from 'drizzle-orm';
import { DB } from '@prd/kit';
import { TEMPLATE_ICONS, type Template } from '@prd/proto';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema } from '../src/config.js';
import type { ContentDb } from '../src/db/database.js';
import { templates } from '../src/db/schema.js';
import { CatalogueLoader } from '../src/templates/catalogue-loader.js';
import { LISTED_CATALOGUE, TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';

// A real service starts per suite; a shared 2-core machine can make that slow.

// These routes never call another service; the address only satisfies the configuration schema.
const UNUSED_PEERS = { IDENTITY_URL: 'http://127.0.0.1:9' };

describe('the template catalogue', () => {
  let svc: TestService<unknown>;
  const api = () => request(svc.url);
  beforeAll(async () => {
    svc = await startTestService({ service: SERVICE, configSchema, module: (c, l) => AppModule.register(c, l), env: UNUSED_PEERS });
  });
  afterAll(() => svc.close());

  it('lists at least 24 templates, exactly one default, every icon from the list', async () => {
    const res = await api().get('/api/templates').expect(200);
    expect(res.headers['x-service']).toBe('content');
    const list = res.body as Template[];
    expect(list.length).toBeGreaterThanOrEqual(24);
    expect(list.filter((t) => t.isDefault)).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Product Requirements Document', isDefault: true });
    for (const t of list) {
      expect(Object.keys(t).sort()).toEqual(['category', 'content', 'description', 'icon', 'id', 'isDefault', 'name', 'source', 'workspaceId']);
      expect(TEMPLATE_ICONS).toContain(t.icon);
      expect(t.content).toMatch(/^## /m);
    }
  });

  // The web build prerenders the gallery, its links included, from LISTED_CATALOGUE (docs/decisions/0027-prerendered-data.md).
  it('lists exactly the catalogue the web build prerenders: same order, same ids, same fields', async () => {
    const res = await api().get('/api/templates').expect(200);
    expect(res.body).toEqual(LISTED_CATALOGUE);
  });

  it('reads one template; a missing one is 404, a non-numeric id 400', async () => {
    const [first] = (await api().get('/api/templates').expect(200)).body as Template[];
    await api().get(`/api/templates/${first!.id}`).expect(200, first);
    const missing = await api().get('/api/templates/999999').expect(404);
    expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'Template not found' });
    const bad = await api().get('/api/templates/abc').expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Template id must be a number' });
  });

  it('keeps the count and the ids when the catalogue loads again, and restores an edited row', async () => {
    const before = (await api().get('/api/templates').expect(200)).body as Template[];
    const db = svc.app.get<ContentDb>(DB);
    await db.update(templates).set({ name: 'Tampered', isDefault: false }).where(eq(templates.id, before[0]!.id));
    await svc.app.get(CatalogueLoader).load(TEMPLATE_CATALOGUE);
    await svc.app.get(CatalogueLoader).load(TEMPLATE_CATALOGUE);
    const after = (await api().get('/api/templates').expect(200)).body as Template[];
    expect(after).toEqual(before);
  });

  it('keeps the ids counting from 1 when replicas load the catalogue into an empty database at the same time', async () => {
    const db = svc.app.get<ContentDb>(DB);
    await db.execute(sql`TRUNCATE templates RESTART IDENTITY CASCADE`);
    const loader = svc.app.get(CatalogueLoader);
    await Promise.all([loader.load(TEMPLATE_CATALOGUE), loader.load(TEMPLATE_CATALOGUE), loader.load(TEMPLATE_CATALOGUE)]);
    expect((await api().get('/api/templates').expect(200)).body).toEqual(LISTED_CATALOGUE);
  });

  it('updates a template whose text changed, in place', async () => {
    const edited = TEMPLATE_CATALOGUE.map((t) => (t.slug === 'release-notes' ? { ...t, description: 'Release notes, rewritten.' } : t));
    await svc.app.get(CatalogueLoader).load(edited);
    const list = (await api().get('/api/templates').expect(200)).body as Template[];
    expect(list).toHaveLength(TEMPLATE_CATALOGUE.length);
    expect(list.find((t) => t.name === 'Release Notes')?.description).toBe('Release notes, rewritten.');
    await svc.app.get(CatalogueLoader).load(TEMPLATE_CATALOGUE);
  });
});
