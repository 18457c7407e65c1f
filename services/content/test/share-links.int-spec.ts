import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrateWithLock } from '@prd/kit';
import { browserRequest as request, createTestDatabase } from '@prd/kit/testing';
import { startContent } from '@prd/testing/content';
import { SHARE_LINK_READS_PER_MINUTE, type ShareLink } from '@prd/proto';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { guestWithDocument, registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

const MIGRATIONS = new URL('../drizzle', import.meta.url).pathname;

/** docs/decisions/0012-sharing-and-roles.md's read-only links over the real content and identity services. */
describe('share links', () => {
  let stack: ContentStack;
  let owner: TestUser;
  let other: TestUser;
  let docId: number;
  const api = () => request(stack.content.url);

  beforeAll(async () => {
    stack = await startContentStack();
    [owner, other] = await Promise.all([registerUser(stack, `owner${Date.now()}`), registerUser(stack)]);
    docId = (await api().post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Public PRD', content: '# Goals\nShip it' }).expect(201)).body.id;
  });
  afterAll(() => stack.close());

  async function query<T extends object = object>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: stack.content.config.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  it('makes a link with at least 128 random bits, reads it without a session and without making a guest, and revokes it at once', async () => {
    expect((await api().get(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200)).body).toEqual({ link: null });
    const created = await api().post(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).set('Host', 'prd.example').set('Origin', 'http://prd.example').expect(200);
    expect(created.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.body.url).toBe(`http://prd.example/share/${created.body.token}`);

    const read = await api().get(`/api/share/${created.body.token}`).expect(200);
    expect(read.body).toEqual({ title: 'Public PRD', content: '# Goals\nShip it', updatedAt: expect.any(String), owner: { name: expect.stringMatching(/^owner/) } });
    expect(read.headers['set-cookie']).toBeUndefined();

    await api().delete(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(204);
    expect((await api().get(`/api/share/${created.body.token}`).expect(404)).body).toEqual({ code: 'NOT_FOUND', message: 'Share link not found' });
    const renewed = await api().post(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200);
    expect(renewed.body.token).not.toBe(created.body.token);
    await api().get(`/api/share/${renewed.body.token}`).expect(200);
  });

  it('keeps only the token’s SHA-256: the owner is told the link is on, and a new link replaces the old one', async () => {
    const created = (await api().post(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200)).body as ShareLink;
    const rows = await query<Record<string, unknown>>('SELECT * FROM share_links WHERE document_id = $1', [docId]);
    expect(rows).toEqual([{ document_id: docId, token_hash: createHash('sha256').update(created.token).digest('hex'), created_at: expect.any(Date) }]);
    expect(JSON.stringify(await query('SELECT * FROM share_links'))).not.toContain(created.token);

    const state = await api().get(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200);
    expect(state.body).toEqual({ link: { createdAt: created.createdAt } });
    expect(JSON.stringify(state.body)).not.toContain(created.token);

    const replaced = (await api().post(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200)).body as ShareLink;
    expect(replaced.token).not.toBe(created.token);
    await api().get(`/api/share/${created.token}`).expect(404);
    await api().get(`/api/share/${replaced.token}`).expect(200);
  });

  it('keeps a link made before the hashing migration working after it', async () => {
    const databaseUrl = await createTestDatabase('content_share_hashes');
    const before = mkdtempSync(path.join(os.tmpdir(), 'content-migrations-'));
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
    const upTo = journal.entries.findIndex((e) => e.tag === '0007_share-link-hashes');
    cpSync(MIGRATIONS, before, { recursive: true });
    writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
    const pool = new pg.Pool({ connectionString: databaseUrl });
    const token = 'Legacy-plain-token_0123456789abcdef';
    try {
      await migrateWithLock(pool, before);
      const [doc] = (await pool.query<{ id: number }>("INSERT INTO documents (owner_id, title, content) VALUES ($1, 'Old link', 'Still readable') RETURNING id", [owner.id])).rows;
      await pool.query('INSERT INTO share_links (document_id, token) VALUES ($1, $2)', [doc!.id, token]);
    } finally {
      await pool.end();
      rmSync(before, { recursive: true, force: true });
    }
    const migrated = await startContent(stack.identity, { DATABASE_URL: databaseUrl });
    try {
      expect((await request(migrated.url).get(`/api/share/${token}`).expect(200)).body).toMatchObject({ title: 'Old link', content: 'Still readable' });
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        expect((await client.query('SELECT token_hash FROM share_links')).rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
      } finally {
        await client.end();
      }
    } finally {
      await migrated.close();
    }
  });

  it('lets only the owner switch the link, and no guest share at all', async () => {
    await api()
      .post(`/api/documents/${docId}/shares`)
      .set('Cookie', owner.cookie)
      .send({ login: (await me(other)).username, role: 'editor' })
      .expect(201);
    await api().post(`/api/documents/${docId}/share-link`).set('Cookie', other.cookie).expect(403);
    await api().delete(`/api/documents/${docId}/share-link`).set('Cookie', other.cookie).expect(403);
    await api().get(`/api/documents/${docId}/share-link`).set('Cookie', other.cookie).expect(403);
    const stranger = await registerUser(stack);
    await api().post(`/api/documents/${docId}/share-link`).set('Cookie', stranger.cookie).expect(404);
    const guest = await guestWithDocument(stack);
    expect((await api().post(`/api/documents/${guest.documentId}/share-link`).set('Cookie', guest.cookie).expect(403)).body.code).toBe('ACCOUNT_REQUIRED');
    await api().post(`/api/documents/${docId}/share-link`).expect(403);
  });

  it('answers a malformed or unknown token with 404', async () => {
    await api().get('/api/share/short').expect(404);
    await api()
      .get(`/api/share/${'x'.repeat(32)}`)
      .expect(404);
  });

  it('limits the reads of one address, and not another’s', async () => {
    const address = '203.0.113.77';
    const link = (await api().post(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200)).body.token as string;
    let status = 200;
    let reads = 0;
    while (status === 200 && reads <= SHARE_LINK_READS_PER_MINUTE) {
      status = (await api().get(`/api/share/${link}`).set('X-Forwarded-For', address)).status;
      reads++;
    }
    expect(status).toBe(429);
    expect(reads).toBe(SHARE_LINK_READS_PER_MINUTE + 1);
    await api().get(`/api/share/${link}`).set('X-Forwarded-For', '203.0.113.78').expect(200);
  });

  async function me(user: TestUser): Promise<{ username: string }> {
    return (await request(stack.identity.url).get('/api/current-user').set('Cookie', user.cookie).expect(200)).body;
  }
});
