import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import { SHARE_LINK_READS_PER_MINUTE } from '@prd/proto';
import { guestWithDocument, registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

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

  it('creates one link with at least 128 random bits, reads it without a session and without making a guest, and revokes it at once', async () => {
    expect((await api().get(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200)).body).toEqual({ link: null });
    const created = await api().post(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).set('Host', 'prd.example').set('Origin', 'http://prd.example').expect(200);
    expect(created.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.body.url).toBe(`http://prd.example/share/${created.body.token}`);
    const again = await api().post(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200);
    expect(again.body.token).toBe(created.body.token);

    const read = await api().get(`/api/share/${created.body.token}`).expect(200);
    expect(read.body).toEqual({ title: 'Public PRD', content: '# Goals\nShip it', updatedAt: expect.any(String), owner: { name: expect.stringMatching(/^owner/) } });
    expect(read.headers['set-cookie']).toBeUndefined();

    await api().delete(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(204);
    expect((await api().get(`/api/share/${created.body.token}`).expect(404)).body).toEqual({ code: 'NOT_FOUND', message: 'Share link not found' });
    const renewed = await api().post(`/api/documents/${docId}/share-link`).set('Cookie', owner.cookie).expect(200);
    expect(renewed.body.token).not.toBe(created.body.token);
    await api().get(`/api/share/${renewed.body.token}`).expect(200);
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
