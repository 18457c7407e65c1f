import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { browserRequest as request } from '@prd/kit/testing';
import { startIdentityWithContent } from '@prd/testing/content';
import { signUp, type TestUser } from '@prd/testing/identity';
import { internalHeaders } from './content-stack.js';

type Named = TestUser & { username: string };

/** docs/product.md §4: what a deleted account leaves behind in content, removed by identity's call to content's internal route. */
describe('deleting an account', () => {
  let stack: Awaited<ReturnType<typeof startIdentityWithContent>>;
  const api = () => request(stack.content.url);
  const named = async (): Promise<Named> => {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await signUp(stack.identity, username)), username };
  };
  const share = (owner: Named, path: string, login: string, role: string) => api().post(`${path}/shares`).set('Cookie', owner.cookie).send({ login, role }).expect(201);

  beforeAll(async () => {
    stack = await startIdentityWithContent({ GUESTS_PER_ADDRESS_PER_HOUR: '1000', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => stack.close());

  it('removes the grants the user gave and received and their share links, and re-signs their comments', async () => {
    const [leaver, colleague, watcher] = [await named(), await named(), await named()];
    // The leaver's own document (shared with the colleague, with a link) and project (shared with the watcher).
    const own = (await api().post('/api/documents').set('Cookie', leaver.cookie).send({ title: 'Leaver PRD', content: 'Private plans of the leaver.' }).expect(201)).body
      .id as number;
    const project = (await api().post('/api/projects').set('Cookie', leaver.cookie).send({ name: 'Leaver project' }).expect(201)).body.id as number;
    const inProject = (await api().post('/api/documents').set('Cookie', leaver.cookie).send({ title: 'In project', content: 'More plans.', projectId: project }).expect(201)).body
      .id as number;
    await share(leaver, `/api/documents/${own}`, colleague.username, 'editor');
    await share(leaver, `/api/projects/${project}`, watcher.username, 'viewer');
    const link = (await api().post(`/api/documents/${own}/share-link`).set('Cookie', leaver.cookie).expect(200)).body.token as string;
    // The colleague's document, on which the leaver comments and the colleague replies.
    const theirs = (await api().post('/api/documents').set('Cookie', colleague.cookie).send({ title: 'Colleague PRD', content: 'Checkout goals.' }).expect(201)).body.id as number;
    await share(colleague, `/api/documents/${theirs}`, leaver.username, 'commenter');
    const thread = (await api().post(`/api/documents/${theirs}/comments`).set('Cookie', leaver.cookie).send({ content: 'Is this measurable?' }).expect(201)).body.id as number;
    await api().post(`/api/comments/${thread}/replies`).set('Cookie', colleague.cookie).send({ content: 'Yes, by conversion.' }).expect(201);
    await api().get(`/api/documents/${own}`).set('Cookie', colleague.cookie).expect(200);
    await api().get(`/api/documents/${inProject}`).set('Cookie', watcher.cookie).expect(200);

    await request(stack.identity.url).delete('/api/account').set('Cookie', leaver.cookie).expect(200);

    // Nobody reaches the leaver's items any more: not through a grant, nor through the link.
    await api().get(`/api/documents/${own}`).set('Cookie', colleague.cookie).expect(404);
    await api().get(`/api/documents/${inProject}`).set('Cookie', watcher.cookie).expect(404);
    await api().get(`/api/projects/${project}`).set('Cookie', watcher.cookie).expect(404);
    expect((await api().get('/api/documents?scope=shared').set('Cookie', colleague.cookie).expect(200)).body).toEqual([]);
    await api().get(`/api/share/${link}`).expect(404);
    // The grant they received is gone; their comment stays in the thread, signed "Deleted user".
    expect((await api().get(`/api/documents/${theirs}/shares`).set('Cookie', colleague.cookie).expect(200)).body).toEqual([]);
    const [kept] = (await api().get(`/api/documents/${theirs}/comments`).set('Cookie', colleague.cookie).expect(200)).body;
    expect(kept).toMatchObject({
      id: thread,
      authorName: 'Deleted user',
      content: 'Is this measurable?',
      replies: [{ authorName: colleague.username, content: 'Yes, by conversion.' }],
    });
    expect(JSON.stringify(kept)).not.toContain(leaver.username);
    expect((await api().get(`/api/documents/${theirs}/people`).set('Cookie', colleague.cookie).expect(200)).body).toEqual([
      { userId: colleague.id, username: colleague.username, name: null, role: 'owner' },
    ]);
  });

  it('hands what the user owned in a workspace to its oldest other member, made admin, and drops a workspace they were alone in', async () => {
    const [leaver, member] = [await named(), await named()];
    const team = (await api().post('/api/workspaces').set('Cookie', leaver.cookie).send({ name: 'Team' }).expect(201)).body.id as number;
    const alone = (await api().post('/api/workspaces').set('Cookie', leaver.cookie).send({ name: 'Solo' }).expect(201)).body.id as number;
    await api().post(`/api/workspaces/${team}/members`).set('Cookie', leaver.cookie).send({ login: member.username, role: 'member' }).expect(201);
    const doc = (await api().post('/api/documents').set('Cookie', leaver.cookie).send({ title: 'Team PRD', content: 'Plans.', workspaceId: team }).expect(201)).body.id as number;
    const project = (await api().post('/api/projects').set('Cookie', leaver.cookie).send({ name: 'Team project', workspaceId: team }).expect(201)).body.id as number;

    await api().post(`/internal/users/${leaver.id}/erase`).set(internalHeaders('identity')).expect(200);
    expect((await api().get(`/api/documents/${doc}`).set('Cookie', member.cookie).expect(200)).body).toMatchObject({ role: 'owner', workspaceId: team });
    expect((await api().get(`/api/projects/${project}`).set('Cookie', member.cookie).expect(200)).body.role).toBe('owner');
    expect((await api().get(`/api/workspaces/${team}`).set('Cookie', member.cookie).expect(200)).body.role).toBe('admin');
    expect((await api().get(`/api/workspaces/${team}/members`).set('Cookie', member.cookie).expect(200)).body).toEqual([
      expect.objectContaining({ userId: member.id, role: 'admin' }),
    ]);
    await api().get(`/api/workspaces/${alone}`).set('Cookie', member.cookie).expect(404);
  });

  it('is an internal route only identity may call, and a retry finds nothing more to remove', async () => {
    const user = await named();
    for (const caller of ['content', 'chat', 'chat-worker', 'export'] as const) await api().post(`/internal/users/${user.id}/erase`).set(internalHeaders(caller)).expect(404);
    await api().post(`/internal/users/${user.id}/erase`).expect(404);
    const res = await api().post(`/internal/users/${user.id}/erase`).set(internalHeaders('identity')).expect(200);
    expect(res.body).toEqual({ grantsGiven: 0, grantsReceived: 0, shareLinks: 0, comments: 0 });
  });
});
