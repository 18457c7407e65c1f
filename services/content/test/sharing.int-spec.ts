import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { browserRequest as request } from '@prd/kit/testing';
import { deploymentChannel } from '@prd/kit';
import { ACCESS_REVOKED_CHANNEL, type AccessRevokedEvent } from '@prd/proto';
import { guestWithDocument, internalHeaders, registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

type Named = TestUser & { username: string };

/** Invitations per user and hour in this suite (SHARES_PER_HOUR): more than the other tests' owner sends. */
const SHARES_PER_HOUR = 40;

/** docs/decisions/0012-sharing-and-roles.md over the real content and identity services: roles, grants, inheritance through projects and revocation. */
describe('sharing documents and projects with roles', () => {
  let stack: ContentStack;
  let owner: Named;
  let colleague: Named;
  let stranger: Named;
  const api = () => request(stack.content.url);
  const as = (user: TestUser) => ({ get: (p: string) => api().get(p).set('Cookie', user.cookie) });

  async function named(): Promise<Named> {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await registerUser(stack, username)), username };
  }

  async function document(title = 'Checkout PRD', projectId?: number): Promise<{ id: number; createdAt: string; updatedAt: string }> {
    return (await api().post('/api/documents').set('Cookie', owner.cookie).send({ title, content: '# Checkout\nv1', projectId }).expect(201)).body;
  }

  const share = (path: string, login: string, role: string, by: TestUser = owner) => api().post(`${path}/shares`).set('Cookie', by.cookie).send({ login, role });

  beforeAll(async () => {
    stack = await startContentStack({ SHARES_PER_HOUR: String(SHARES_PER_HOUR) });
    [owner, colleague, stranger] = [await named(), await named(), await named()];
  });
  afterAll(() => stack.close());

  it('lets a viewer read but not edit, with a 403 that names the role needed', async () => {
    const doc = await document();
    const created = await share(`/api/documents/${doc.id}`, colleague.username, 'viewer').expect(201);
    expect(created.body).toMatchObject({ userId: colleague.id, username: colleague.username, role: 'viewer' });

    expect((await as(colleague).get(`/api/documents/${doc.id}`).expect(200)).body).toMatchObject({ id: doc.id, role: 'viewer' });
    expect((await as(owner).get(`/api/documents/${doc.id}`).expect(200)).body.role).toBe('owner');
    await as(colleague).get(`/api/documents/${doc.id}/revisions`).expect(200);
    const edit = await api().patch(`/api/documents/${doc.id}`).set('Cookie', colleague.cookie).send({ content: 'hijacked' }).expect(403);
    expect(edit.body).toEqual({ code: 'FORBIDDEN', message: 'This needs the editor role or higher' });
    const del = await api().delete(`/api/documents/${doc.id}`).set('Cookie', colleague.cookie).expect(403);
    expect(del.body).toEqual({ code: 'FORBIDDEN', message: 'Only the owner can do this' });
    // Someone without any grant still learns nothing.
    await as(stranger).get(`/api/documents/${doc.id}`).expect(404);
    expect((await as(owner).get(`/api/documents/${doc.id}`)).body.content).toBe('# Checkout\nv1');
  });

  it('lets an editor change content and title and restore, records them as the colleague’s, but not move or delete', async () => {
    const doc = await document('Editable');
    await share(`/api/documents/${doc.id}`, `${colleague.username}@example.com`, 'editor').expect(201);
    const edited = await api().patch(`/api/documents/${doc.id}`).set('Cookie', colleague.cookie).send({ title: 'Edited', content: 'v2' }).expect(200);
    expect(edited.body).toMatchObject({ title: 'Edited', content: 'v2', role: 'editor' });
    const revisions = await as(colleague).get(`/api/documents/${doc.id}/revisions`).expect(200);
    await api().post(`/api/documents/${doc.id}/revisions/${revisions.body[0].id}/restore`).set('Cookie', colleague.cookie).expect(200);
    const project = (await api().post('/api/projects').set('Cookie', colleague.cookie).send({ name: 'Mine' }).expect(201)).body;
    await api().patch(`/api/documents/${doc.id}`).set('Cookie', colleague.cookie).send({ projectId: project.id }).expect(403);
    await api().delete(`/api/documents/${doc.id}`).set('Cookie', colleague.cookie).expect(403);

    const activities = await as(owner).get('/api/activities').expect(200);
    expect(activities.body[0]).toMatchObject({ type: 'document_updated', documentId: doc.id, actorName: colleague.username });
    // The colleague's edit and restore, one after the other, collapse into one event.
    expect(activities.body.filter((a: { type: string; documentId: number | null }) => a.type === 'document_updated' && a.documentId === doc.id)).toHaveLength(1);
    // The colleague's own activity list holds only their own items.
    const theirs = await as(colleague).get('/api/activities').expect(200);
    expect(theirs.body.some((a: { documentId: number | null }) => a.documentId === doc.id)).toBe(false);
  });

  it('lists what others shared under ?scope=shared with role and owner, and keeps the plain list for one’s own', async () => {
    const doc = await document('Listed');
    await share(`/api/documents/${doc.id}`, colleague.username, 'commenter').expect(201);
    const shared = await as(colleague).get('/api/documents?scope=shared').expect(200);
    expect(shared.body.find((d: { id: number }) => d.id === doc.id)).toEqual({
      id: doc.id,
      title: 'Listed',
      projectId: null,
      workspaceId: null,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      role: 'commenter',
      owner: { id: owner.id, username: owner.username, name: null },
    });
    const own = await as(colleague).get('/api/documents').expect(200);
    expect(own.body.some((d: { id: number }) => d.id === doc.id)).toBe(false);
    expect((await as(stranger).get('/api/documents?scope=shared').expect(200)).body).toEqual([]);
    await as(colleague).get('/api/documents?scope=everything').expect(400);
  });

  it('lists everything shared with a user newest first, each with the stronger of its direct and project grants', async () => {
    const reader = await named();
    const project = (await api().post('/api/projects').set('Cookie', owner.cookie).send({ name: 'Roadmap' }).expect(201)).body;
    const onlyProject = await document('Only through the project', project.id);
    const strongerDirect = await document('Direct grant stronger', project.id);
    const weakerDirect = await document('Direct grant weaker', project.id);
    const onlyDirect = await document('Only direct');
    await document('Not shared');
    await api().post('/api/documents').set('Cookie', reader.cookie).send({ title: 'The reader’s own', content: 'mine' }).expect(201);
    await share(`/api/projects/${project.id}`, reader.username, 'commenter').expect(201);
    await share(`/api/documents/${strongerDirect.id}`, reader.username, 'editor').expect(201);
    await share(`/api/documents/${weakerDirect.id}`, reader.username, 'viewer').expect(201);
    await share(`/api/documents/${onlyDirect.id}`, reader.username, 'viewer').expect(201);
    // The oldest one changes last, so it comes first.
    const touched = (await api().patch(`/api/documents/${onlyProject.id}`).set('Cookie', owner.cookie).send({ title: 'Touched' }).expect(200)).body;

    const listed = await as(reader).get('/api/documents?scope=shared').expect(200);
    const by = { id: owner.id, username: owner.username, name: null };
    const summary = (d: { id: number; createdAt: string; updatedAt: string }, title: string, projectId: number | null, role: string) => ({
      id: d.id,
      title,
      projectId,
      workspaceId: null,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      role,
      owner: by,
    });
    expect(listed.body).toEqual([
      summary(touched, 'Touched', project.id, 'commenter'),
      summary(onlyDirect, 'Only direct', null, 'viewer'),
      summary(weakerDirect, 'Direct grant weaker', project.id, 'commenter'),
      summary(strongerDirect, 'Direct grant stronger', project.id, 'editor'),
    ]);
    // The same JSON, key for key, as the contract lists them.
    expect(Object.keys(listed.body[0])).toEqual(['id', 'title', 'projectId', 'workspaceId', 'createdAt', 'updatedAt', 'role', 'owner']);

    // Out of the project, a document shared only through it leaves the list; one shared directly too stays, with its own grant.
    await api().patch(`/api/documents/${onlyProject.id}`).set('Cookie', owner.cookie).send({ projectId: null }).expect(200);
    const moved = (await api().patch(`/api/documents/${weakerDirect.id}`).set('Cookie', owner.cookie).send({ projectId: null }).expect(200)).body;
    expect((await as(reader).get('/api/documents?scope=shared').expect(200)).body).toEqual([
      summary(moved, 'Direct grant weaker', null, 'viewer'),
      summary(onlyDirect, 'Only direct', null, 'viewer'),
      summary(strongerDirect, 'Direct grant stronger', project.id, 'editor'),
    ]);
  });

  it('makes a project grant cover its documents, later ones too, and ends it when a document leaves the project', async () => {
    const project = (await api().post('/api/projects').set('Cookie', owner.cookie).send({ name: 'Payments' }).expect(201)).body;
    const before = await document('Before', project.id);
    await share(`/api/projects/${project.id}`, colleague.username, 'viewer').expect(201);
    const after = await document('After', project.id);

    expect((await as(colleague).get(`/api/projects/${project.id}`).expect(200)).body.role).toBe('viewer');
    const docs = await as(colleague).get(`/api/projects/${project.id}/documents`).expect(200);
    expect(docs.body.map((d: { id: number; role: string }) => [d.id, d.role]).sort()).toEqual(
      [
        [after.id, 'viewer'],
        [before.id, 'viewer'],
      ].sort(),
    );
    await as(colleague).get(`/api/documents/${after.id}`).expect(200);
    const sharedProjects = await as(colleague).get('/api/projects?scope=shared').expect(200);
    expect(sharedProjects.body.find((p: { id: number }) => p.id === project.id)).toMatchObject({ role: 'viewer', owner: { id: owner.id } });
    const sharedDocs = await as(colleague).get('/api/documents?scope=shared').expect(200);
    expect(sharedDocs.body.filter((d: { id: number }) => [before.id, after.id].includes(d.id))).toHaveLength(2);

    // A direct grant stronger than the project's wins on that document.
    await share(`/api/documents/${after.id}`, colleague.username, 'editor').expect(201);
    await api().patch(`/api/documents/${after.id}`).set('Cookie', colleague.cookie).send({ content: 'edited' }).expect(200);
    await api().patch(`/api/documents/${before.id}`).set('Cookie', colleague.cookie).send({ content: 'edited' }).expect(403);
    await api().patch(`/api/projects/${project.id}`).set('Cookie', colleague.cookie).send({ name: 'Renamed' }).expect(403);
    await api().delete(`/api/projects/${project.id}`).set('Cookie', colleague.cookie).expect(403);

    await api().patch(`/api/documents/${before.id}`).set('Cookie', owner.cookie).send({ projectId: null }).expect(200);
    await as(colleague).get(`/api/documents/${before.id}`).expect(404);
  });

  it('takes a revoked grant away on the very next request and announces it for realtime sockets', async () => {
    const doc = await document('Revoked');
    await share(`/api/documents/${doc.id}`, colleague.username, 'editor').expect(201);
    await as(colleague).get(`/api/documents/${doc.id}`).expect(200);

    const subscriber = new Redis(stack.content.config.REDIS_URL);
    try {
      const announced = new Promise<AccessRevokedEvent>((resolve) => {
        subscriber.on('message', (_channel, raw) => {
          const event = JSON.parse(raw) as AccessRevokedEvent;
          if (event.documentIds.includes(doc.id)) resolve(event);
        });
      });
      await subscriber.subscribe(deploymentChannel(ACCESS_REVOKED_CHANNEL, stack.content.config));
      await api().delete(`/api/documents/${doc.id}/shares/${colleague.id}`).set('Cookie', owner.cookie).expect(204);
      await as(colleague).get(`/api/documents/${doc.id}`).expect(404);
      expect(await announced).toEqual({ userId: colleague.id, documentIds: [doc.id], projectId: null });
    } finally {
      subscriber.disconnect();
    }
    await api().delete(`/api/documents/${doc.id}/shares/${colleague.id}`).set('Cookie', owner.cookie).expect(404);
  });

  it('lets the owner change a role, shows the people with access to anyone who has it, and to no one else', async () => {
    const doc = await document('Roles');
    await share(`/api/documents/${doc.id}`, colleague.username, 'editor').expect(201);
    const changed = await api().patch(`/api/documents/${doc.id}/shares/${colleague.id}`).set('Cookie', owner.cookie).send({ role: 'viewer' }).expect(200);
    expect(changed.body).toMatchObject({ userId: colleague.id, role: 'viewer' });
    await api().patch(`/api/documents/${doc.id}`).set('Cookie', colleague.cookie).send({ content: 'no' }).expect(403);

    const list = await as(colleague).get(`/api/documents/${doc.id}/shares`).expect(200);
    expect(list.body).toEqual([{ userId: colleague.id, username: colleague.username, name: null, role: 'viewer', createdAt: expect.any(String) }]);
    await as(stranger).get(`/api/documents/${doc.id}/shares`).expect(404);
    // Only the owner changes access.
    await share(`/api/documents/${doc.id}`, stranger.username, 'viewer', colleague).expect(403);
    await api().patch(`/api/documents/${doc.id}/shares/${colleague.id}`).set('Cookie', colleague.cookie).send({ role: 'editor' }).expect(403);
    await api().delete(`/api/documents/${doc.id}/shares/${colleague.id}`).set('Cookie', colleague.cookie).expect(403);
    await share(`/api/documents/${doc.id}`, colleague.username, 'viewer', stranger).expect(404);
  });

  it('answers clear errors for unknown people, oneself, people with access, guests and bad roles', async () => {
    const doc = await document('Errors');
    expect((await share(`/api/documents/${doc.id}`, 'nobody-at-all', 'viewer').expect(404)).body).toEqual({
      code: 'NOT_FOUND',
      message: 'No registered user with that username or email',
    });
    expect((await share(`/api/documents/${doc.id}`, owner.username, 'viewer').expect(409)).body.code).toBe('CONFLICT');
    await share(`/api/documents/${doc.id}`, colleague.username, 'viewer').expect(201);
    expect((await share(`/api/documents/${doc.id}`, colleague.username.toUpperCase(), 'editor').expect(409)).body.message).toBe(
      'That user already has access; change their role instead',
    );
    expect((await share(`/api/documents/${doc.id}`, colleague.username, 'owner').expect(400)).body.message).toBe('role must be viewer, commenter or editor');
    await api().patch(`/api/documents/${doc.id}/shares/${stranger.id}`).set('Cookie', owner.cookie).send({ role: 'viewer' }).expect(404);

    const guest = await guestWithDocument(stack);
    const byGuest = await api().post(`/api/documents/${guest.documentId}/shares`).set('Cookie', guest.cookie).send({ login: owner.username, role: 'viewer' }).expect(403);
    expect(byGuest.body.code).toBe('ACCOUNT_REQUIRED');
    // A guest is no registered user, so cannot be invited.
    const guestName = (await request(stack.identity.url).get('/api/current-user').set('Cookie', guest.cookie)).body.username as string;
    await share(`/api/documents/${doc.id}`, guestName, 'viewer').expect(404);
    await api().post(`/api/documents/${doc.id}/shares`).send({ login: colleague.username, role: 'viewer' }).expect(403);
  });

  it('decides for chat and export over the internal route with the role their work needs', async () => {
    const doc = await document('Internal');
    await share(`/api/documents/${doc.id}`, colleague.username, 'viewer').expect(201);
    const headers = internalHeaders('chat-worker');
    await api().get(`/internal/documents/${doc.id}?userId=${colleague.id}`).set(headers).expect(200);
    const weak = await api().get(`/internal/documents/${doc.id}?userId=${colleague.id}&role=editor`).set(headers).expect(403);
    expect(weak.body.message).toBe('This needs the editor role or higher');
    await api().put(`/internal/documents/${doc.id}/content`).set(headers).send({ userId: colleague.id, content: 'ai edit', source: 'ai' }).expect(403);
    await api().get(`/internal/documents/${doc.id}?userId=${stranger.id}`).set(headers).expect(404);

    await api().patch(`/api/documents/${doc.id}/shares/${colleague.id}`).set('Cookie', owner.cookie).send({ role: 'editor' }).expect(200);
    const saved = await api().put(`/internal/documents/${doc.id}/content`).set(headers).send({ userId: colleague.id, content: 'ai edit', source: 'ai' }).expect(200);
    expect(saved.body).toMatchObject({ content: 'ai edit', role: 'editor' });
  });

  it('answers the access checks that load no content with the role asked for (chat: /ws sessions, document and project chat)', async () => {
    const project = (await api().post('/api/projects').set('Cookie', owner.cookie).send({ name: 'Checks' }).expect(201)).body as { id: number };
    const doc = await document('Checked', project.id);
    await share(`/api/projects/${project.id}`, colleague.username, 'viewer').expect(201);
    const headers = internalHeaders('chat');
    for (const path of [`/internal/documents/${doc.id}/access`, `/internal/projects/${project.id}/access`]) {
      expect((await api().get(`${path}?userId=${colleague.id}`).set(headers).expect(200)).body).toEqual({ id: expect.any(Number) });
      const weak = await api().get(`${path}?userId=${colleague.id}&role=editor`).set(headers).expect(403);
      expect(weak.body.message).toBe('This needs the editor role or higher');
      await api().get(`${path}?userId=${stranger.id}&role=viewer`).set(headers).expect(404);
      await api().get(`${path}?userId=${owner.id}&role=owner`).set(headers).expect(200);
    }
    await api().patch(`/api/projects/${project.id}/shares/${colleague.id}`).set('Cookie', owner.cookie).send({ role: 'editor' }).expect(200);
    await api().get(`/internal/documents/${doc.id}/access?userId=${colleague.id}&role=editor`).set(headers).expect(200);
    await api().get(`/internal/projects/${project.id}/access?userId=${colleague.id}&role=editor`).set(headers).expect(200);
  });

  it('limits the invitations one user sends per hour, unknown logins included, so accounts cannot be enumerated at speed', async () => {
    const inviter = await named();
    const doc = (await api().post('/api/documents').set('Cookie', inviter.cookie).send({ title: 'Probe', content: 'x' }).expect(201)).body as { id: number };
    for (let i = 0; i < SHARES_PER_HOUR; i++) await share(`/api/documents/${doc.id}`, `probe-${i}@example.com`, 'viewer', inviter).expect(404);
    const refused = await share(`/api/documents/${doc.id}`, colleague.username, 'viewer', inviter).expect(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many invitations\. Please try again in \d+ minutes?\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nobody was told of an invitation that was refused; another owner still invites.
    expect((await request(stack.identity.url).get('/api/notifications').set('Cookie', colleague.cookie).expect(200)).body.items).not.toContainEqual(
      expect.objectContaining({ documentId: doc.id }),
    );
    await share(`/api/documents/${(await document('Still open')).id}`, stranger.username, 'viewer').expect(201);
  });
});
