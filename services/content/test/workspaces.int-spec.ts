import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { browserRequest as request } from '@prd/kit/testing';
import { COLLAB_CLOSE, COLLAB_REFUSED } from '@prd/proto';
import { startContent, type ContentService } from '@prd/testing/content';
import { startIdentityForPeers, signUp, type IdentityService, type TestUser } from '@prd/testing/identity';
import { connect, type CollabClient } from './collab-clients.js';
import { guestWithDocument, internalHeaders } from './content-stack.js';

type Named = TestUser & { username: string };

/**
 * docs/decisions/0037-workspaces.md over the real content (two replicas, one database and Redis) and identity services:
 * membership gives the workspace's default role on its items, admins act as owners, strangers get 404, and leaving ends
 * access at once, live editors included.
 */
describe('workspaces, their members and invite links', () => {
  let identity: IdentityService;
  let one: ContentService;
  let two: ContentService;
  let admin: Named;
  let member: Named;
  let outsider: Named;
  const clients: CollabClient[] = [];
  const api = () => request(one.url);

  async function named(): Promise<Named> {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await signUp(identity, username)), username };
  }

  /** A workspace of `admin`'s with `member` in it (through an invite link), and a document `admin` made in it. */
  async function team(defaultRole?: string): Promise<{ workspaceId: number; documentId: number }> {
    const workspace = (await api().post('/api/workspaces').set('Cookie', admin.cookie).send({ name: 'Payments team' }).expect(201)).body;
    if (defaultRole) await api().patch(`/api/workspaces/${workspace.id}`).set('Cookie', admin.cookie).send({ defaultRole }).expect(200);
    const invite = (await api().post(`/api/workspaces/${workspace.id}/invites`).set('Cookie', admin.cookie).expect(201)).body;
    await api().post(`/api/invites/${invite.token}/accept`).set('Cookie', member.cookie).expect(200);
    const doc = (await api().post('/api/documents').set('Cookie', admin.cookie).send({ title: 'Team PRD', content: '# Team\nv1', workspaceId: workspace.id }).expect(201)).body;
    return { workspaceId: workspace.id, documentId: doc.id };
  }

  beforeAll(async () => {
    identity = await startIdentityForPeers();
    one = await startContent(identity);
    two = await startContent(identity, { DATABASE_URL: one.config.DATABASE_URL });
    [admin, member, outsider] = [await named(), await named(), await named()];
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await identity?.close();
  });

  it('creates a workspace whose creator is its admin, listed only for its members', async () => {
    const created = await api().post('/api/workspaces').set('Cookie', admin.cookie).send({ name: '  Growth  ' }).expect(201);
    expect(created.body).toMatchObject({ name: 'Growth', role: 'admin', defaultRole: 'editor' });
    expect((await api().get('/api/workspaces').set('Cookie', admin.cookie).expect(200)).body).toContainEqual(created.body);
    expect((await api().get('/api/workspaces').set('Cookie', outsider.cookie).expect(200)).body).not.toContainEqual(expect.objectContaining({ id: created.body.id }));
    const missing = await api().get(`/api/workspaces/${created.body.id}`).set('Cookie', outsider.cookie).expect(404);
    expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'Workspace not found' });
    const blank = await api().post('/api/workspaces').set('Cookie', admin.cookie).send({ name: ' ' }).expect(400);
    expect(blank.body.message).toBe('Workspace name is required');
  });

  it('gives members the default role on its documents, admins the owner role, and strangers a 404', async () => {
    const { workspaceId, documentId } = await team();
    expect((await api().get(`/api/documents/${documentId}`).set('Cookie', member.cookie).expect(200)).body).toMatchObject({ role: 'editor', workspaceId });
    await api().patch(`/api/documents/${documentId}`).set('Cookie', member.cookie).send({ content: '# Team\nv2' }).expect(200);
    expect((await api().delete(`/api/documents/${documentId}`).set('Cookie', member.cookie).expect(403)).body.message).toBe('Only the owner can do this');
    await api().get(`/api/documents/${documentId}`).set('Cookie', outsider.cookie).expect(404);

    // The member's own document in the workspace: the admin may do what its owner may, deleting it included.
    const theirs = (await api().post('/api/documents').set('Cookie', member.cookie).send({ title: 'Mine', content: 'x', workspaceId }).expect(201)).body;
    expect((await api().get(`/api/documents/${theirs.id}`).set('Cookie', admin.cookie).expect(200)).body.role).toBe('owner');
    await api().delete(`/api/documents/${theirs.id}`).set('Cookie', admin.cookie).expect(200);

    const listed = await api().get(`/api/documents?workspace=${workspaceId}`).set('Cookie', member.cookie).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: documentId, workspaceId, role: 'editor', owner: expect.objectContaining({ id: admin.id }) })]);
    await api().get(`/api/documents?workspace=${workspaceId}`).set('Cookie', outsider.cookie).expect(404);
    const personal = await api().get('/api/documents?workspace=personal').set('Cookie', admin.cookie).expect(200);
    expect(personal.body.some((d: { id: number }) => d.id === documentId)).toBe(false);
    expect((await api().get('/api/documents?workspace=nope').set('Cookie', admin.cookie).expect(400)).body.message).toBe('workspace must be a workspace id or personal');
  });

  it('holds members to a weaker default role the admins choose', async () => {
    const { workspaceId, documentId } = await team('viewer');
    expect((await api().get(`/api/documents/${documentId}`).set('Cookie', member.cookie).expect(200)).body.role).toBe('viewer');
    const refused = await api().patch(`/api/documents/${documentId}`).set('Cookie', member.cookie).send({ content: 'no' }).expect(403);
    expect(refused.body.message).toBe('This needs the editor role or higher');
    const notAdmin = await api().patch(`/api/workspaces/${workspaceId}`).set('Cookie', member.cookie).send({ defaultRole: 'editor' }).expect(403);
    expect(notAdmin.body.message).toBe('Only a workspace admin can do this');
  });

  it('puts projects in a workspace with their documents, and a project move takes its documents along', async () => {
    const { workspaceId } = await team();
    const project = (await api().post('/api/projects').set('Cookie', admin.cookie).send({ name: 'Checkout', workspaceId }).expect(201)).body;
    expect(project).toMatchObject({ workspaceId, role: 'owner' });
    const doc = (await api().post('/api/documents').set('Cookie', admin.cookie).send({ title: 'In project', content: 'x', projectId: project.id }).expect(201)).body;
    expect(doc.workspaceId).toBe(workspaceId);
    expect((await api().get(`/api/projects?workspace=${workspaceId}`).set('Cookie', member.cookie).expect(200)).body).toEqual([
      expect.objectContaining({ id: project.id, role: 'editor' }),
    ]);
    const clash = await api().post('/api/documents').set('Cookie', admin.cookie).send({ title: 'x', content: 'x', projectId: project.id, workspaceId: 999999 }).expect(400);
    expect(clash.body.message).toBe('That project is in another workspace');

    await api().patch(`/api/projects/${project.id}`).set('Cookie', member.cookie).send({ workspaceId: null }).expect(403);
    expect((await api().patch(`/api/projects/${project.id}`).set('Cookie', admin.cookie).send({ workspaceId: null }).expect(200)).body.workspaceId).toBeNull();
    await api().get(`/api/documents/${doc.id}`).set('Cookie', member.cookie).expect(404);
    await api().get(`/api/projects/${project.id}`).set('Cookie', member.cookie).expect(404);
  });

  it('refuses to create in, or move to, a workspace the user does not belong to', async () => {
    const { workspaceId, documentId } = await team();
    await api().post('/api/documents').set('Cookie', outsider.cookie).send({ title: 'x', content: 'x', workspaceId }).expect(404);
    await api().post('/api/projects').set('Cookie', outsider.cookie).send({ name: 'x', workspaceId }).expect(404);
    const own = (await api().post('/api/documents').set('Cookie', outsider.cookie).send({ title: 'x', content: 'x' }).expect(201)).body;
    await api().patch(`/api/documents/${own.id}`).set('Cookie', outsider.cookie).send({ workspaceId }).expect(404);
    // "Move to…" Personal by its owner: the member loses it.
    await api().patch(`/api/documents/${documentId}`).set('Cookie', admin.cookie).send({ workspaceId: null }).expect(200);
    await api().get(`/api/documents/${documentId}`).set('Cookie', member.cookie).expect(404);
  });

  it('lets admins manage members, keeps the last admin, and lets a member leave', async () => {
    const { workspaceId } = await team();
    const members = (await api().get(`/api/workspaces/${workspaceId}/members`).set('Cookie', member.cookie).expect(200)).body;
    expect(members.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [admin.id, 'admin'],
      [member.id, 'member'],
    ]);
    await api().post(`/api/workspaces/${workspaceId}/members`).set('Cookie', member.cookie).send({ login: outsider.username, role: 'member' }).expect(403);
    expect((await api().post(`/api/workspaces/${workspaceId}/members`).set('Cookie', admin.cookie).send({ login: member.username, role: 'member' }).expect(409)).body.message).toBe(
      'That user is already a member; change their role instead',
    );
    await api().post(`/api/workspaces/${workspaceId}/members`).set('Cookie', admin.cookie).send({ login: 'nobody-such', role: 'member' }).expect(404);
    expect((await api().patch(`/api/workspaces/${workspaceId}/members/${admin.id}`).set('Cookie', admin.cookie).send({ role: 'member' }).expect(409)).body.message).toBe(
      'A workspace needs at least one admin: make someone else admin first',
    );
    await api().delete(`/api/workspaces/${workspaceId}/members/${admin.id}`).set('Cookie', admin.cookie).expect(409);
    await api().delete(`/api/workspaces/${workspaceId}/members/${admin.id}`).set('Cookie', member.cookie).expect(403);
    await api().patch(`/api/workspaces/${workspaceId}/members/${member.id}`).set('Cookie', admin.cookie).send({ role: 'admin' }).expect(200);
    // With a second admin, the first may step down.
    await api().patch(`/api/workspaces/${workspaceId}/members/${admin.id}`).set('Cookie', admin.cookie).send({ role: 'member' }).expect(200);
    await api().delete(`/api/workspaces/${workspaceId}/members/${admin.id}`).set('Cookie', admin.cookie).expect(204);
    await api().get(`/api/workspaces/${workspaceId}`).set('Cookie', admin.cookie).expect(404);
  });

  it('shows an invite to anyone, lets only registered users accept, and stops a revoked link', async () => {
    const { workspaceId } = await team();
    const invite = (await api().post(`/api/workspaces/${workspaceId}/invites`).set('Cookie', admin.cookie).expect(201)).body;
    expect(invite.token.length).toBeGreaterThanOrEqual(22);
    expect(invite.url).toMatch(new RegExp(`/invite/${invite.token}$`));
    expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    await api().post(`/api/workspaces/${workspaceId}/invites`).set('Cookie', member.cookie).expect(403);

    const preview = await api().get(`/api/invites/${invite.token}`).expect(200);
    expect(preview.body).toMatchObject({ workspace: { id: workspaceId, name: 'Payments team' }, inviter: { name: admin.username } });
    const guest = await guestWithDocument({ identity, content: one, close: async () => undefined });
    const refused = await api().post(`/api/invites/${invite.token}/accept`).set('Cookie', guest.cookie).expect(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_REQUIRED', description: 'Sign up or log in to join a workspace, then open the same invite link again' });

    await api().delete(`/api/workspaces/${workspaceId}/invites/${invite.token}`).set('Cookie', admin.cookie).expect(204);
    expect((await api().get(`/api/invites/${invite.token}`).expect(404)).body.message).toBe('This invite link is not valid or has expired');
    await api().post(`/api/invites/${invite.token}/accept`).set('Cookie', outsider.cookie).expect(404);
  });

  it('closes a removed member’s live editor on every replica and refuses them after', async () => {
    const { workspaceId, documentId } = await team();
    const client = connect(two.url, member.cookie, documentId);
    clients.push(client);
    await client.synced;
    expect(await client.scope).toBe('read-write');
    const closed = client.nextClose();
    const refused = client.nextRefusal();
    await api().delete(`/api/workspaces/${workspaceId}/members/${member.id}`).set('Cookie', admin.cookie).expect(204);
    expect(await closed).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
    expect(await refused).toBe(COLLAB_REFUSED.NOT_FOUND);
    await api().get(`/api/documents/${documentId}`).set('Cookie', member.cookie).expect(404);
  });

  it('closes a member’s live editor when they leave, and makes it read-only when the default role is lowered', async () => {
    const { workspaceId, documentId } = await team();
    const client = connect(one.url, member.cookie, documentId);
    clients.push(client);
    await client.synced;
    const lowered = client.nextClose();
    const readOnly = client.nextScope();
    await api().patch(`/api/workspaces/${workspaceId}`).set('Cookie', admin.cookie).send({ defaultRole: 'viewer' }).expect(200);
    expect(await lowered).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
    expect(await readOnly).toBe('readonly');
    const left = client.nextClose();
    await api().delete(`/api/workspaces/${workspaceId}/members/${member.id}`).set('Cookie', member.cookie).expect(204);
    expect(await left).toBe(COLLAB_CLOSE.ACCESS_CHANGED);
  });

  it('gives deleted workspaces’ items back to their owners, out of the members’ reach', async () => {
    const { workspaceId, documentId } = await team();
    await api().delete(`/api/workspaces/${workspaceId}`).set('Cookie', member.cookie).expect(403);
    await api().delete(`/api/workspaces/${workspaceId}`).set('Cookie', admin.cookie).expect(204);
    expect((await api().get(`/api/documents/${documentId}`).set('Cookie', admin.cookie).expect(200)).body).toMatchObject({ role: 'owner', workspaceId: null });
    await api().get(`/api/documents/${documentId}`).set('Cookie', member.cookie).expect(404);
  });

  it('lets identity add a user to a workspace by id (single sign-on), and no one else', async () => {
    const { workspaceId } = await team();
    const added = await api().post(`/internal/workspaces/${workspaceId}/members`).set(internalHeaders('identity')).send({ userId: outsider.id }).expect(200);
    expect(added.body).toMatchObject({ id: workspaceId, role: 'member' });
    await api().get(`/api/workspaces/${workspaceId}`).set('Cookie', outsider.cookie).expect(200);
    await api().post(`/internal/workspaces/${workspaceId}/members`).set(internalHeaders('chat')).send({ userId: outsider.id }).expect(404);
    await api().post('/internal/workspaces/999999/members').set(internalHeaders('identity')).send({ userId: outsider.id }).expect(404);
    await api().delete(`/api/workspaces/${workspaceId}/members/${outsider.id}`).set('Cookie', outsider.cookie).expect(204);
  });

  it('keeps workspaces from guests', async () => {
    const guest = await guestWithDocument({ identity, content: one, close: async () => undefined });
    expect((await api().post('/api/workspaces').set('Cookie', guest.cookie).send({ name: 'x' }).expect(403)).body.code).toBe('ACCOUNT_REQUIRED');
    await api().get('/api/workspaces').expect(403);
  });
});
