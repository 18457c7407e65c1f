import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import * as Y from 'yjs';
import { browserRequest as request } from '@prd/kit/testing';
import { documentFragment, SOURCE_TEXT_NAME } from '@prd/doc-model';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { startContent, type ContentService } from '@prd/testing/content';
import { signUp, startIdentityForPeers, type IdentityService, type TestUser } from '@prd/testing/identity';
import { CollabStore } from '../src/collab/collab-store.js';
import { connect, markdownOf, nextStore, type CollabClient } from './collab-clients.js';

const gfm = readFileSync(new URL('../../../doc-model/src/corpus/gfm.md', import.meta.url), 'utf8');

/**
 * docs/decisions/0039-shared-document-model.md: documents whose stored live state is of the markdown-source era
 * (a Y.Text of markdown, no fragment) open in the structured editor without loss, over real PostgreSQL.
 */
describe('live documents of the markdown-source era', () => {
  let identity: IdentityService;
  let content: ContentService;
  let owner: TestUser;
  let db: pg.Client;
  const clients: CollabClient[] = [];

  beforeAll(async () => {
    identity = await startIdentityForPeers();
    content = await startContent(identity);
    owner = await signUp(identity);
    db = new pg.Client({ connectionString: content.config.DATABASE_URL });
    await db.connect();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await db.end();
    await content.close();
    await identity.close();
  });

  /** A document whose stored state is what the markdown-source era's server wrote: its text in the Y.Text `content`. */
  async function sourceEraDocument(markdown: string, oldText = markdown): Promise<number> {
    const res = await request(content.url).post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Old PRD', content: markdown }).expect(201);
    const id = res.body.id as number;
    const old = new Y.Doc();
    old.getText(SOURCE_TEXT_NAME).insert(0, oldText);
    await db.query('UPDATE documents SET yjs_state = $1 WHERE id = $2', [Buffer.from(Y.encodeStateAsUpdate(old)), id]);
    return id;
  }
  const storedState = async (id: number): Promise<Uint8Array> => (await db.query('SELECT yjs_state FROM documents WHERE id = $1', [id])).rows[0].yjs_state as Buffer;
  const apiContent = async (id: number): Promise<string> => (await request(content.url).get(`/api/documents/${id}`).set('Cookie', owner.cookie).expect(200)).body.content as string;

  const samples: [string, string][] = [...TEMPLATE_CATALOGUE.slice(0, 4).map((t): [string, string] => [t.name, t.content]), ['the GFM corpus', gfm]];

  it.each(samples)('opens %s in the fragment with its markdown byte for byte, converted once, and stores the next edit', async (_name, markdown) => {
    const id = await sourceEraDocument(markdown);
    const client = connect(content.url, owner.cookie, id);
    clients.push(client);
    await client.synced;
    expect(markdownOf(client)).toBe(markdown);
    expect(await apiContent(id)).toBe(markdown);

    // The stored state now holds the fragment; loading again changes nothing (the conversion ran once, under the row lock).
    const converted = await storedState(id);
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, converted);
    expect(documentFragment(reloaded).length).toBeGreaterThan(0);
    expect(Buffer.from((await content.app.get(CollabStore).load(id, new Y.Doc()))!)).toEqual(Buffer.from(converted));
    expect(Buffer.from(await storedState(id))).toEqual(Buffer.from(converted));

    const stored = nextStore(content.app, id);
    const paragraph = client.fragment.toArray().find((block) => block instanceof Y.XmlElement && block.nodeName === 'paragraph') as Y.XmlElement;
    const text = paragraph.get(0) as Y.XmlText;
    text.insert(text.length, ' Converted and edited.');
    await stored;
    const edited = await apiContent(id);
    expect(edited).toBe(markdownOf(client));
    expect(edited).toContain(' Converted and edited.');
    expect(edited.split('\n').filter((line, i) => line !== markdown.split('\n')[i])).toHaveLength(1);
  });

  it('builds the fragment from the stored markdown, the authority, where the old text lags behind it', async () => {
    const markdown = TEMPLATE_CATALOGUE[5]!.content;
    const id = await sourceEraDocument(markdown, '# An older text\n');
    const client = connect(content.url, owner.cookie, id);
    clients.push(client);
    await client.synced;
    expect(markdownOf(client)).toBe(markdown);
    expect(await apiContent(id)).toBe(markdown);
  });
});
