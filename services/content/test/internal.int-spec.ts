import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { INTERNAL_CALLERS, internalTokenHash } from '@prd/kit';
import { browserRequest as request, testCallerToken } from '@prd/kit/testing';
import { ContentClient, InternalCallError } from '@prd/proto';
import { GUEST_DOCS_LIMIT, guestWithDocument, registerUser, startContentStack, type ContentStack, type TestUser } from './content-stack.js';

// Two real services start per suite; a shared 2-core machine can make that slow.

/** The routes chat and export call, through the very client they use (docs/decisions/0003-internal-calls.md). */
describe('internal routes of content', () => {
  let stack: ContentStack;
  /** The chat service's client (creates flow documents, reads templates) and the AI worker's (saves edits). */
  let client: ContentClient;
  let worker: ContentClient;
  let user: TestUser;
  const api = () => request(stack.content.url);
  beforeAll(async () => {
    stack = await startContentStack();
    client = new ContentClient({ baseUrl: stack.content.url, token: testCallerToken('chat') });
    worker = new ContentClient({ baseUrl: stack.content.url, token: testCallerToken('chat-worker') });
    user = await registerUser(stack);
  });
  afterAll(() => stack.close());

  it('answers 404 to a caller without the internal token', async () => {
    await api().get('/internal/documents/1?userId=1').expect(404);
    await api().get('/internal/templates/1').set('x-internal-token', 'wrong').expect(404);
    const stranger = new ContentClient({ baseUrl: stack.content.url, token: 'x'.repeat(43) });
    await expect(stranger.getTemplate(1, user.id)).rejects.toMatchObject({ status: 404 });
    // Each route names its callers: export reads documents but never writes them; chat's API never saves an AI edit.
    const exporter = new ContentClient({ baseUrl: stack.content.url, token: testCallerToken('export') });
    const doc = await client.createDocument({ userId: user.id, title: 'Callers', content: 'x', source: 'flow' });
    await expect(exporter.getDocument(doc.id, user.id)).resolves.toMatchObject({ id: doc.id });
    await expect(exporter.createDocument({ userId: user.id, title: 'No', content: 'x', source: 'flow' })).rejects.toMatchObject({ status: 404 });
    await expect(client.saveDocumentContent(doc.id, { userId: user.id, content: 'not from chat', source: 'ai' })).rejects.toMatchObject({ status: 404 });
    await expect(new ContentClient({ baseUrl: stack.content.url, token: testCallerToken('content') }).getTemplate(1, user.id)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps only the hashes of its callers’ tokens: a token passes, its hash opens nothing', async () => {
    const configured = Object.values(stack.content.config as Record<string, unknown>).map(String);
    for (const caller of INTERNAL_CALLERS.filter((c) => c !== 'content')) expect({ caller, kept: configured.includes(testCallerToken(caller)) }).toEqual({ caller, kept: false });
    expect(configured).toContain(internalTokenHash(testCallerToken('chat')));
    await api().get(`/internal/templates/1?userId=${user.id}`).set('x-internal-token', testCallerToken('chat')).expect(200);
    await api()
      .get('/internal/templates/1')
      .set('x-internal-token', internalTokenHash(testCallerToken('chat')))
      .expect(404);
  });

  it('creates a document for a user (document flow), reads it and saves an AI edit as a revision', async () => {
    const created = await client.createDocument({ userId: user.id, title: 'Flow doc', content: '', source: 'flow' });
    expect(created).toMatchObject({ title: 'Flow doc', content: '', projectId: null });
    await expect(client.getDocument(created.id, user.id)).resolves.toEqual(created);

    const flowed = await worker.saveDocumentContent(created.id, { userId: user.id, content: '## Overview\nFrom the flow.', source: 'flow' });
    const edited = await worker.saveDocumentContent(created.id, { userId: user.id, content: '## Overview\nEdited by AI.', title: 'AI titled', source: 'ai' });
    expect(flowed.content).toBe('## Overview\nFrom the flow.');
    expect(edited).toMatchObject({ id: created.id, title: 'AI titled', content: '## Overview\nEdited by AI.' });

    const revisions = await api().get(`/api/documents/${created.id}/revisions`).set('Cookie', user.cookie).expect(200);
    expect(revisions.body.map((r: { source: string; content: string }) => [r.source, r.content])).toEqual([
      ['ai', '## Overview\nFrom the flow.'],
      ['flow', ''],
    ]);
    // The user sees the document in their own list.
    const list = await api().get('/api/documents').set('Cookie', user.cookie).expect(200);
    expect(list.body.map((d: { id: number }) => d.id)).toContain(created.id);
  });

  it('checks access to a document and a project without their content, 404 for anyone else', async () => {
    const doc = await client.createDocument({ userId: user.id, title: 'Checked', content: 'secret text', source: 'flow' });
    const project = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Checked' }).expect(201);
    await expect(client.checkDocument(doc.id, user.id)).resolves.toEqual({ id: doc.id });
    await expect(client.checkProject(project.body.id, user.id)).resolves.toEqual({ id: project.body.id });
    const other = await registerUser(stack);
    await expect(client.checkDocument(doc.id, other.id)).rejects.toMatchObject({ status: 404 });
    await expect(client.checkProject(project.body.id, other.id)).rejects.toMatchObject({ status: 404 });
    await expect(client.checkDocument(999_999, user.id)).rejects.toMatchObject({ status: 404 });
    // Only chat checks access this way.
    for (const caller of ['chat-worker', 'export'] as const) {
      const other = new ContentClient({ baseUrl: stack.content.url, token: testCallerToken(caller) });
      await expect(other.checkDocument(doc.id, user.id)).rejects.toMatchObject({ status: 404 });
      await expect(other.checkProject(project.body.id, user.id)).rejects.toMatchObject({ status: 404 });
    }
  });

  it("consumes the user's document allowance on creation, passing LIMIT_EXCEEDED through", async () => {
    const guest = await guestWithDocument(stack);
    for (let i = 1; i < GUEST_DOCS_LIMIT; i++) await client.createDocument({ userId: guest.id, title: `Flow ${i}`, content: 'x', source: 'flow' });
    const err = await client.createDocument({ userId: guest.id, title: 'Too many', content: 'x', source: 'flow' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalCallError);
    expect(err).toMatchObject({ status: 429, body: { code: 'LIMIT_EXCEEDED', message: "You've reached the document limit", limit: 'docs' } });
  });

  it('gives project chat the project with every document’s full text', async () => {
    const project = await api().post('/api/projects').set('Cookie', user.cookie).send({ name: 'Payments', description: 'Card and wallet' }).expect(201);
    const first = await client.createDocument({ userId: user.id, title: 'PRD', content: 'Full PRD text', projectId: project.body.id, source: 'flow' });
    const second = await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Personas', content: 'Persona text', projectId: project.body.id }).expect(201);
    await api().post('/api/documents').set('Cookie', user.cookie).send({ title: 'Elsewhere', content: 'not in the project' }).expect(201);
    await expect(client.getProjectContext(project.body.id, user.id)).resolves.toEqual({
      project: { id: project.body.id, name: 'Payments', description: 'Card and wallet', status: 'in-progress' },
      role: 'owner',
      documents: [
        { id: first.id, title: 'PRD', content: 'Full PRD text' },
        { id: second.body.id, title: 'Personas', content: 'Persona text' },
      ],
    });
    await expect(client.getProjectContext(999_999, user.id)).rejects.toMatchObject({ status: 404, body: { message: 'Project not found' } });
  });

  it('reads a template for the document flow', async () => {
    const [first] = (await api().get('/api/templates').expect(200)).body as { id: number; name: string }[];
    await expect(client.getTemplate(first!.id, user.id)).resolves.toMatchObject({ id: first!.id, name: first!.name, isDefault: true });
    await expect(client.getTemplate(999_999, user.id)).rejects.toMatchObject({ status: 404, body: { message: 'Template not found' } });
  });
});
