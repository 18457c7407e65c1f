import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { browserRequest as request } from '@prd/kit/testing';
import WebSocket from 'ws';
import type { Notification } from '@prd/proto';
import { registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

type Named = TestUser & { username: string };

/** docs/decisions/0012-sharing-and-roles.md's comments and notifications over the real content and identity services (and identity's /ws-general). */
describe('comments, mentions and notifications', () => {
  let stack: ContentStack;
  let owner: Named;
  let editor: Named;
  let viewer: Named;
  let stranger: Named;
  let docId: number;
  const api = () => request(stack.content.url);
  const identity = () => request(stack.identity.url);
  const TEXT = '# Checkout\n\nShoppers abandon carts at the payment step. Fix it.\n';

  async function named(): Promise<Named> {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await registerUser(stack, username)), username };
  }
  const notifications = async (user: TestUser): Promise<{ items: Notification[]; unread: number }> =>
    (await identity().get('/api/notifications').set('Cookie', user.cookie).expect(200)).body;

  beforeAll(async () => {
    stack = await startContentStack();
    [owner, editor, viewer, stranger] = [await named(), await named(), await named(), await named()];
    docId = (await api().post('/api/documents').set('Cookie', owner.cookie).send({ title: 'Checkout', content: TEXT }).expect(201)).body.id;
    for (const [user, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      await api().post(`/api/documents/${docId}/shares`).set('Cookie', owner.cookie).send({ login: user.username, role }).expect(201);
    }
  });
  afterAll(() => stack.close());

  it('tells the invited person their document was shared', async () => {
    const { items } = await notifications(editor);
    expect(items[0]).toMatchObject({ type: 'shared', actorName: owner.username, title: 'Checkout', documentId: docId, read: false });
  });

  it('anchors a comment to a quote, notifies the owner of a mention live on /ws-general, and re-anchors or orphans it after edits', async () => {
    const socket = new WebSocket(`${stack.identity.url.replace('http', 'ws')}/ws-general`, { headers: { Cookie: owner.cookie, Origin: stack.identity.url } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const pushed = new Promise<{ type: string; notification: Notification }>((resolve) => socket.on('message', (data) => resolve(JSON.parse(String(data)))));
    try {
      const anchor = { exact: 'the payment step', prefix: 'abandon carts at ', suffix: '. Fix' };
      const created = await api()
        .post(`/api/documents/${docId}/comments`)
        .set('Cookie', editor.cookie)
        .send({ content: `@${owner.username} can we measure this?`, anchor })
        .expect(201);
      expect(created.body).toMatchObject({ authorId: editor.id, authorName: editor.username, parentId: null, resolved: false });
      const push = await pushed;
      expect(push).toMatchObject({ type: 'notification', notification: { type: 'mention', actorName: editor.username, documentId: docId, commentId: created.body.id } });
      // A mention is the one notice: no second 'comment' notice for the same comment.
      expect((await notifications(owner)).items.filter((n) => n.commentId === created.body.id).map((n) => n.type)).toEqual(['mention']);

      const start = TEXT.indexOf('the payment step');
      let [thread] = (await api().get(`/api/documents/${docId}/comments`).set('Cookie', viewer.cookie).expect(200)).body;
      expect(thread).toMatchObject({ id: created.body.id, anchor, position: { start, end: start + 16 }, orphaned: false, replies: [] });

      await api()
        .patch(`/api/documents/${docId}`)
        .set('Cookie', owner.cookie)
        .send({ content: `Intro.\n${TEXT}` })
        .expect(200);
      [thread] = (await api().get(`/api/documents/${docId}/comments`).set('Cookie', owner.cookie).expect(200)).body;
      expect(thread.position).toEqual({ start: start + 7, end: start + 23 });
      await api().patch(`/api/documents/${docId}`).set('Cookie', owner.cookie).send({ content: '# Checkout\n\nAll rewritten.\n' }).expect(200);
      [thread] = (await api().get(`/api/documents/${docId}/comments`).set('Cookie', owner.cookie).expect(200)).body;
      expect(thread).toMatchObject({ position: null, orphaned: true });
    } finally {
      socket.close();
    }
  });

  it('lets viewers read but not write comments, and strangers see none', async () => {
    const refused = await api().post(`/api/documents/${docId}/comments`).set('Cookie', viewer.cookie).send({ content: 'Me too' }).expect(403);
    expect(refused.body.message).toBe('This needs the commenter role or higher');
    await api().get(`/api/documents/${docId}/comments`).set('Cookie', stranger.cookie).expect(404);
    await api().post(`/api/documents/${docId}/comments`).set('Cookie', stranger.cookie).send({ content: 'Hi' }).expect(404);
    await api().get(`/api/documents/${docId}/comments`).expect(404);
  });

  it('lists everyone with access to a document, owner first, as the people a comment can mention', async () => {
    const { body } = await api().get(`/api/documents/${docId}/people`).set('Cookie', viewer.cookie).expect(200);
    expect(body[0]).toEqual({ userId: owner.id, username: owner.username, name: null, role: 'owner' });
    expect(body.slice(1)).toEqual(
      expect.arrayContaining([
        { userId: editor.id, username: editor.username, name: null, role: 'editor' },
        { userId: viewer.id, username: viewer.username, name: null, role: 'viewer' },
      ]),
    );
    expect(body).toHaveLength(3);
    await api().get(`/api/documents/${docId}/people`).set('Cookie', stranger.cookie).expect(404);
    await api().get(`/api/documents/abc/people`).set('Cookie', owner.cookie).expect(400);
  });

  it('threads replies, notifies the thread’s participants, and applies the edit, resolve and delete rules', async () => {
    const root = (await api().post(`/api/documents/${docId}/comments`).set('Cookie', editor.cookie).send({ content: 'Is the goal measurable?' }).expect(201)).body;
    const reply = (await api().post(`/api/comments/${root.id}/replies`).set('Cookie', owner.cookie).send({ content: 'Yes: halve abandonment' }).expect(201)).body;
    expect(reply.parentId).toBe(root.id);
    expect((await notifications(editor)).items[0]).toMatchObject({ type: 'reply', actorName: owner.username, commentId: reply.id });
    await api().post(`/api/comments/${root.id}/replies`).set('Cookie', viewer.cookie).send({ content: 'no' }).expect(403);
    await api().post(`/api/comments/${root.id}/replies`).set('Cookie', stranger.cookie).send({ content: 'no' }).expect(404);

    await api().patch(`/api/comments/${root.id}`).set('Cookie', owner.cookie).send({ content: 'rewritten' }).expect(403);
    expect((await api().patch(`/api/comments/${root.id}`).set('Cookie', editor.cookie).send({ content: 'Is the goal measurable at all?' }).expect(200)).body.content).toBe(
      'Is the goal measurable at all?',
    );
    await api().patch(`/api/comments/${root.id}`).set('Cookie', viewer.cookie).send({ resolved: true }).expect(403);
    expect((await api().patch(`/api/comments/${root.id}`).set('Cookie', owner.cookie).send({ resolved: true }).expect(200)).body.resolved).toBe(true);
    await api().patch(`/api/comments/${reply.id}`).set('Cookie', owner.cookie).send({ resolved: true }).expect(400);

    const threads = (await api().get(`/api/documents/${docId}/comments`).set('Cookie', viewer.cookie).expect(200)).body as Array<{ id: number; replies: unknown[] }>;
    expect(threads.find((t) => t.id === root.id)?.replies).toHaveLength(1);
    await api().delete(`/api/comments/${root.id}`).set('Cookie', viewer.cookie).expect(403);
    await api().delete(`/api/comments/${root.id}`).set('Cookie', stranger.cookie).expect(404);
    await api().delete(`/api/comments/${root.id}`).set('Cookie', owner.cookie).expect(204);
    await api().post(`/api/comments/${reply.id}/replies`).set('Cookie', owner.cookie).send({ content: 'gone' }).expect(404);
  });

  it('pages notifications newest first and marks them read', async () => {
    const before = await notifications(owner);
    expect(before.unread).toBeGreaterThan(0);
    const [first] = before.items;
    const marked = await identity()
      .post('/api/notifications/read')
      .set('Cookie', owner.cookie)
      .send({ ids: [first!.id] })
      .expect(200);
    expect(marked.body.unread).toBe(before.unread - 1);
    // Someone else's ids change nothing.
    await identity().post('/api/notifications/read').set('Cookie', stranger.cookie).send({ all: true }).expect(200);
    expect((await notifications(owner)).unread).toBe(before.unread - 1);
    expect((await identity().post('/api/notifications/read').set('Cookie', owner.cookie).send({ all: true }).expect(200)).body).toEqual({ unread: 0 });
    await identity().post('/api/notifications/read').set('Cookie', owner.cookie).send({ ids: [] }).expect(400);
    expect((await identity().get('/api/notifications').expect(200)).body).toEqual({ items: [], unread: 0, nextBefore: null });
  });
});
