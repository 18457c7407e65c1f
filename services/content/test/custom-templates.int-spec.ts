import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { browserRequest as request, testCallerToken } from '@prd/kit/testing';
import { ContentClient } from '@prd/proto';
import { guestWithDocument, registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

type Named = TestUser & { username: string };

/** docs/decisions/0038-custom-templates.md over the real content and identity services: who sees, uses and changes a saved template. */
describe('templates of one’s own and one’s team’s', () => {
  let stack: ContentStack;
  let admin: Named;
  let member: Named;
  let outsider: Named;
  let workspaceId: number;
  const api = () => request(stack.content.url);
  const chat = () => new ContentClient({ baseUrl: stack.content.url, token: testCallerToken('chat') });
  const named = async (): Promise<Named> => {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await registerUser(stack, username)), username };
  };
  const template = { name: 'Team launch PRD', description: 'How we launch', category: 'Launch', content: '## Audience\n_Who_\n\n## Rollout\n_How_' };

  beforeAll(async () => {
    stack = await startContentStack();
    [admin, member, outsider] = [await named(), await named(), await named()];
    workspaceId = (await api().post('/api/workspaces').set('Cookie', admin.cookie).send({ name: 'Launch team' }).expect(201)).body.id;
    await api().post(`/api/workspaces/${workspaceId}/members`).set('Cookie', admin.cookie).send({ login: member.username, role: 'member' }).expect(201);
  });
  afterAll(() => stack.close());

  it('lists a personal template after the built-in ones, for its author only', async () => {
    const saved = await api()
      .post('/api/templates')
      .set('Cookie', member.cookie)
      .send({ ...template, name: 'My own' })
      .expect(201);
    expect(saved.body).toMatchObject({ name: 'My own', source: 'personal', workspaceId: null, icon: 'file-text', isDefault: false });
    const listed = (await api().get('/api/templates').set('Cookie', member.cookie).expect(200)).body as Array<{ id: number; source: string }>;
    expect(listed.at(-1)).toMatchObject({ id: saved.body.id, source: 'personal' });
    expect(listed.slice(0, -1).every((t) => t.source === 'builtin')).toBe(true);
    const others = (await api().get('/api/templates').set('Cookie', outsider.cookie).expect(200)).body as Array<{ id: number }>;
    expect(others.some((t) => t.id === saved.body.id)).toBe(false);
    expect((await api().get('/api/templates').expect(200)).body.some((t: { id: number }) => t.id === saved.body.id)).toBe(false);
    await api().get(`/api/templates/${saved.body.id}`).set('Cookie', outsider.cookie).expect(404);
    await expect(chat().getTemplate(saved.body.id, outsider.id)).rejects.toMatchObject({ status: 404 });
    await expect(chat().getTemplate(saved.body.id, member.id)).resolves.toMatchObject({ id: saved.body.id, content: template.content });
  });

  it('shares a workspace template with its members; its author and the admins change it, other members and outsiders cannot', async () => {
    const saved = (
      await api()
        .post('/api/templates')
        .set('Cookie', admin.cookie)
        .send({ ...template, workspaceId })
        .expect(201)
    ).body;
    expect(saved).toMatchObject({ source: 'workspace', workspaceId });
    expect((await api().get(`/api/templates/${saved.id}`).set('Cookie', member.cookie).expect(200)).body.name).toBe('Team launch PRD');
    await expect(chat().getTemplate(saved.id, member.id)).resolves.toMatchObject({ id: saved.id });
    await api().get(`/api/templates/${saved.id}`).set('Cookie', outsider.cookie).expect(404);
    const refused = await api().patch(`/api/templates/${saved.id}`).set('Cookie', member.cookie).send({ name: 'Mine now' }).expect(403);
    expect(refused.body.message).toBe("Only the template's author or a workspace admin can do this");
    await api().patch(`/api/templates/${saved.id}`).set('Cookie', outsider.cookie).send({ name: 'x' }).expect(404);
    await api()
      .post('/api/templates')
      .set('Cookie', outsider.cookie)
      .send({ ...template, workspaceId })
      .expect(404);

    // The member's own team template: the admin may change and delete it.
    const theirs = (
      await api()
        .post('/api/templates')
        .set('Cookie', member.cookie)
        .send({ ...template, name: 'From a member', workspaceId })
        .expect(201)
    ).body;
    expect((await api().patch(`/api/templates/${theirs.id}`).set('Cookie', admin.cookie).send({ name: 'Reviewed' }).expect(200)).body.name).toBe('Reviewed');
    await api().delete(`/api/templates/${theirs.id}`).set('Cookie', admin.cookie).expect(204);
    await api().get(`/api/templates/${theirs.id}`).set('Cookie', member.cookie).expect(404);
  });

  it('takes a workspace’s templates from a member who leaves', async () => {
    const leaver = await named();
    await api().post(`/api/workspaces/${workspaceId}/members`).set('Cookie', admin.cookie).send({ login: leaver.username, role: 'member' }).expect(201);
    const saved = (
      await api()
        .post('/api/templates')
        .set('Cookie', leaver.cookie)
        .send({ ...template, workspaceId })
        .expect(201)
    ).body;
    await api().delete(`/api/workspaces/${workspaceId}/members/${leaver.id}`).set('Cookie', leaver.cookie).expect(204);
    await api().get(`/api/templates/${saved.id}`).set('Cookie', leaver.cookie).expect(404);
    await api().get(`/api/templates/${saved.id}`).set('Cookie', member.cookie).expect(200);
  });

  it('never changes a built-in template, and keeps saving for registered users', async () => {
    const [builtin] = (await api().get('/api/templates').expect(200)).body as Array<{ id: number; source: string }>;
    expect(builtin?.source).toBe('builtin');
    const refused = await api().patch(`/api/templates/${builtin!.id}`).set('Cookie', admin.cookie).send({ name: 'Hijacked' }).expect(403);
    expect(refused.body.message).toBe('Built-in templates cannot be changed');
    await api().delete(`/api/templates/${builtin!.id}`).set('Cookie', admin.cookie).expect(403);
    const guest = await guestWithDocument(stack);
    expect((await api().post('/api/templates').set('Cookie', guest.cookie).send(template).expect(403)).body.code).toBe('ACCOUNT_REQUIRED');
    const blank = await api()
      .post('/api/templates')
      .set('Cookie', admin.cookie)
      .send({ ...template, content: '  ' })
      .expect(400);
    expect(blank.body.message).toBe('Template content is required');
  });
});
