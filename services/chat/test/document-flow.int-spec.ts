import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import type { Template } from '@prd/proto';
import { guest, registered, startChatStack, userKey, type ChatStack, type TestUser } from './support/chat-stack.js';
import { templateSections, unfilledSections } from '../src/document-flow/flow-document.js';
import { parseSections } from '../src/offline/markdown-sections.js';

describe('/api/document-flow', () => {
  let stack: ChatStack;
  let writer: TestUser;
  let aiUser: TestUser;
  let templates: Template[];
  beforeAll(async () => {
    stack = await startChatStack({ identityEnv: { USER_MESSAGES_LIMIT: '', GUEST_DOCS_LIMIT: '1' } });
    [writer, aiUser] = await Promise.all([registered(stack), registered(stack, userKey())]);
    templates = (await request(stack.content.url).get('/api/templates').expect(200)).body as Template[];
  }, 60_000);
  afterAll(() => stack.close(), 60_000);
  beforeEach(() => stack.openai.reset());

  const post = (user: TestUser, path: string, body: object) => request(stack.chat.url).post(path).set('Cookie', user.cookie).send(body);

  it('completes every template of the catalogue offline, in both modes, with every section filled', async () => {
    expect(templates.length).toBeGreaterThan(0);
    for (const [i, template] of templates.entries()) {
      const mode = i % 2 === 0 ? 'ai-assisted' : 'start-new';
      const start = await post(writer, '/api/document-flow/start', { templateId: template.id, title: `Doc ${template.name}`, mode }).expect(200);
      expect(start.body).toMatchObject({
        document: { title: `Doc ${template.name}` },
        userMessage: { role: 'user' },
        assistantMessage: { role: 'assistant', provider: 'offline' },
        isComplete: false,
      });
      const sections = templateSections(template.content);
      let last = start.body;
      for (let turn = 0; turn < sections.length * 2 + 2 && !last.isComplete; turn++) {
        last = (
          await post(writer, '/api/document-flow/message', {
            documentId: start.body.document.id,
            content: `Answer ${turn}: our users need a clear, measurable outcome here with 3 concrete facts.`,
            mode,
          }).expect(200)
        ).body;
      }
      expect(last.isComplete).toBe(true);
      expect(unfilledSections(last.document.content, sections)).toEqual([]);
      const stored = await request(stack.content.url).get(`/api/documents/${start.body.document.id}`).set('Cookie', writer.cookie).expect(200);
      expect(stored.body.content).toBe(last.document.content);
      expect(parseSections(stored.body.content).sections.map((s) => s.heading)).toEqual(sections.map((s) => s.heading));
    }
  }, 180_000);

  it("keeps the flow's conversation as the document's chat", async () => {
    const start = await post(writer, '/api/document-flow/start', { templateId: templates[0]!.id, title: 'History', mode: 'start-new' }).expect(200);
    await post(writer, '/api/document-flow/message', { documentId: start.body.document.id, content: 'A calendar for clinics' }).expect(200);
    const messages = await request(stack.chat.url).get(`/api/chat/${start.body.document.id}`).set('Cookie', writer.cookie).expect(200);
    expect(messages.body.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages.body[0].content).toBe(`I want to create a ${templates[0]!.name}: History`);
  });

  it('completes a flow with OpenAI through the update_document tool', async () => {
    const template = templates[0]!;
    const sections = templateSections(template.content);
    const start = await post(aiUser, '/api/document-flow/start', { templateId: template.id, title: 'AI doc', mode: 'ai-assisted' });
    expect(start.status).toBe(200);
    expect(start.body.assistantMessage).toMatchObject({ provider: 'openai' });
    const system = stack.openai.requests[0]!.body.messages![0]!.content;
    expect(system).toContain('Style (ai-assisted)');
    expect(system).toContain(`<template name="${template.name}">`);
    const full = `# AI doc\n\n${sections.map((s) => `## ${s.heading}\n\nWritten by the model for ${s.heading}.`).join('\n\n')}\n`;
    stack.openai.script.push({
      reply: 'All sections are written. Your document is complete.',
      toolCall: { name: 'update_document', arguments: { content: full, summary: 'Filled every section.' } },
    });
    const done = await post(aiUser, '/api/document-flow/message', { documentId: start.body.document.id, content: 'Here is everything you need.', mode: 'start-new' }).expect(200);
    expect(done.body).toMatchObject({ isComplete: true, document: { content: full }, assistantMessage: { content: 'All sections are written. Your document is complete.' } });
    expect(stack.openai.requests[1]!.body.messages![0]!.content).toContain('Style (start-new)');
  });

  it('leaves no document and no consumed document when the AI cannot start the flow', async () => {
    const docs = async () => (await request(stack.content.url).get('/api/documents').set('Cookie', aiUser.cookie).expect(200)).body as unknown[];
    const used = async () => (await request(stack.identity.url).get('/api/usage').set('Cookie', aiUser.cookie).expect(200)).body.docs as number;
    const [countBefore, usedBefore] = [(await docs()).length, await used()];
    stack.openai.respond = () => ({ status: 401 });
    const res = await post(aiUser, '/api/document-flow/start', { templateId: templates[0]!.id, title: 'Doomed doc', mode: 'ai-assisted' });
    expect(res.status).toBe(502);
    expect(await docs()).toHaveLength(countBefore);
    expect(await used()).toBe(usedBefore);
  });

  it('is not complete while the model leaves a section unwritten', async () => {
    const template = templates[0]!;
    const sections = templateSections(template.content);
    const start = await post(aiUser, '/api/document-flow/start', { templateId: template.id, title: 'Partial', mode: 'start-new' }).expect(200);
    const partial = `# Partial\n\n## ${sections[0]!.heading}\n\nOnly the first section.\n`;
    stack.openai.script.push({ toolCall: { name: 'update_document', arguments: { content: partial, summary: 'Wrote the first section.' } } });
    const res = await post(aiUser, '/api/document-flow/message', { documentId: start.body.document.id, content: 'First answer' }).expect(200);
    expect(res.body.isComplete).toBe(sections.length === 1);
  });

  it("requires a title, with docs/product.md §5's texts", async () => {
    const res = await post(writer, '/api/document-flow/start', { templateId: templates[0]!.id, title: '   ', mode: 'ai-assisted' }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Title required', description: "Please enter what you're working on" });
  });

  it("starts a flow from a workspace's template for its members only, asking one question per heading, in the workspace", async () => {
    const [admin, member, outsider] = await Promise.all([registered(stack), registered(stack), registered(stack)]);
    const content = (path: string, user: TestUser) => request(stack.content.url).post(path).set('Cookie', user.cookie);
    const workspace = (await content('/api/workspaces', admin).send({ name: 'Flow team' }).expect(201)).body as { id: number };
    const invite = (await content(`/api/workspaces/${workspace.id}/invites`, admin).expect(201)).body as { token: string };
    await content(`/api/invites/${invite.token}/accept`, member).expect(200);
    const template = (
      await content('/api/templates', admin)
        .send({ name: 'Team brief', content: '## Audience\n_Who is it for?_\n\n## Rollout\n_How does it ship?_', workspaceId: workspace.id })
        .expect(201)
    ).body as Template;

    const start = await post(member, '/api/document-flow/start', { templateId: template.id, title: 'Team doc', mode: 'ai-assisted', workspaceId: workspace.id }).expect(200);
    expect(start.body.document).toMatchObject({ title: 'Team doc', workspaceId: workspace.id });
    expect(start.body.assistantMessage.content).toContain('Audience');
    expect(templateSections(start.body.document.content).map((s) => s.heading)).toEqual(['Audience', 'Rollout']);
    const seen = await request(stack.content.url).get(`/api/documents/${start.body.document.id}`).set('Cookie', admin.cookie).expect(200);
    expect(seen.body.role).toBe('owner');

    const refused = await post(outsider, '/api/document-flow/start', { templateId: template.id, title: 'Not mine', mode: 'ai-assisted' }).expect(404);
    expect(refused.body.message).toBe('Template not found');
    const elsewhere = await post(outsider, '/api/document-flow/start', { templateId: templates[0]!.id, title: 'Not there', workspaceId: workspace.id }).expect(404);
    expect(elsewhere.body.message).toBe('Workspace not found');
  });

  it('answers 404 for an unknown template', async () => {
    const res = await post(writer, '/api/document-flow/start', { templateId: 999_999, title: 'X' }).expect(404);
    expect(res.body.message).toBe('Template not found');
  });

  it('consumes a document at start: a guest past the document limit gets LIMIT_EXCEEDED', async () => {
    const visitor = await guest(stack);
    await post(visitor, '/api/document-flow/start', { templateId: templates[0]!.id, title: 'First' }).expect(200);
    const res = await post(visitor, '/api/document-flow/start', { templateId: templates[0]!.id, title: 'Second' }).expect(429);
    expect(res.body).toMatchObject({ code: 'LIMIT_EXCEEDED', message: "You've reached the document limit", limit: 'docs' });
  });
});
