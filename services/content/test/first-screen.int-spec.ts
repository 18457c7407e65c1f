import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import { registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

/** docs/decisions/0051-document-first-screen-from-the-server.md: the stored text the gateway includes in a document's page. */
describe("a document page's first screen", () => {
  let stack: ContentStack;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let docId: number;
  const api = () => request(stack.content.url);

  beforeAll(async () => {
    stack = await startContentStack();
    const viewerName = `viewer${Date.now()}`;
    [owner, viewer, stranger] = await Promise.all([registerUser(stack), registerUser(stack, viewerName), registerUser(stack)]);
    const content = '# Launch plan\n\nWe ship **on time**.\n\n<script>alert(1)</script>\n\n![usage](/api/usage) [site](javascript:alert(1))\n';
    docId = (await api().post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Plan', content }).expect(201)).body.id;
    await api().post(`/api/documents/${docId}/shares`).set('Cookie', owner.cookie).send({ login: viewerName, role: 'viewer' }).expect(201);
  });
  afterAll(() => stack.close());

  it('gives its readers the stored text as safe HTML, never to be stored', async () => {
    for (const reader of [owner, viewer]) {
      const res = await api()
        .get(`/first-screen/documents/${docId}`)
        .set('Cookie', reader.cookie)
        .set('X-Forwarded-Host', 'prd.example')
        .set('X-Forwarded-Proto', 'https')
        .expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.text).toBe('<h1>Launch plan</h1><p>We ship <strong>on time</strong>.</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p><img alt="usage"> site</p>');
    }
  });

  it('gives nothing to a visitor or to someone it is not shared with (404, as the document itself)', async () => {
    await api().get(`/first-screen/documents/${docId}`).expect(404);
    await api().get(`/first-screen/documents/${docId}`).set('Cookie', stranger.cookie).expect(404);
    await api().get(`/first-screen/documents/999999999`).set('Cookie', owner.cookie).expect(404);
    await api().get(`/first-screen/documents/abc`).set('Cookie', owner.cookie).expect(400);
  });
});
