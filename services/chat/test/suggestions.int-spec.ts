import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { browserRequest as request } from '@prd/kit/testing';
import { signUp } from '@prd/testing/identity';
import { roleNeededMessage, SUGGESTED_CHANGES_NOTE, type AskSuggestionAnswer, type Suggestion } from '@prd/proto';
import { SUGGEST_CONTEXT_CHARS } from '../src/ai/prompts/index.js';
import { CANNOT_FOLLOW, METRIC_PLACEHOLDER } from '../src/offline/suggest-edit.js';

import { registered, startChatStack, userKey, type ChatStack, type TestUser } from './support/chat-stack.js';
import { lastUserMessage } from './support/openai-test-server.js';
import { postSse, streamedText } from './support/sse-client.js';

type Named = TestUser & { username: string };

async function createDocument(stack: ChatStack, user: TestUser, content: string) {
  const title = /^# (.+)$/m.exec(content)?.[1] ?? 'Untitled';
  return (await request(stack.content.url).post('/api/documents').set('Cookie', user.cookie).send({ title, content }).expect(201)).body as { id: number; content: string };
}

const usage = async (stack: ChatStack, user: TestUser) => (await request(stack.identity.url).get('/api/usage').set('Cookie', user.cookie).expect(200)).body.messages as number;

/** docs/decisions/0041-suggestions.md: "Ask AI" through the queue and the worker to content, and the document chat's suggest mode. */
describe('AI suggestions', () => {
  let stack: ChatStack;
  let owner: TestUser;
  let commenter: Named;
  let viewer: Named;
  let stranger: TestUser;
  let keyed: TestUser;

  const named = async (): Promise<Named> => {
    const username = `u${randomBytes(5).toString('hex')}`;
    return { ...(await signUp(stack.identity, username)), username };
  };
  const share = (documentId: number, user: Named, role: string) =>
    request(stack.content.url).post(`/api/documents/${documentId}/shares`).set('Cookie', owner.cookie).send({ login: user.username, role }).expect(201);
  const ask = (documentId: number, user: TestUser, body: object) => request(stack.chat.url).post(`/api/documents/${documentId}/suggestions`).set('Cookie', user.cookie).send(body);
  const stored = async (documentId: number): Promise<Suggestion[]> =>
    (await request(stack.content.url).get(`/api/documents/${documentId}/suggestions`).set('Cookie', owner.cookie).expect(200)).body.suggestions;

  beforeAll(async () => {
    stack = await startChatStack();
    [owner, commenter, viewer, stranger, keyed] = await Promise.all([registered(stack), named(), named(), registered(stack), registered(stack, userKey())]);
  }, 60_000);
  afterAll(() => stack.close(), 60_000);
  beforeEach(() => stack.openai.reset());

  it('lets a commenter ask the offline assistant to make a passage measurable: one suggestion, labelled AI asked by them, one message spent', async () => {
    const doc = await createDocument(stack, owner, '# Checkout\n\n## Goals\n\n- Reduce checkout drop-off.\n- Cut load time to 2 s.\n');
    await share(doc.id, commenter, 'commenter');
    const before = await usage(stack, commenter);
    const res = await ask(doc.id, commenter, { instruction: 'Make it measurable', quote: { exact: '- Reduce checkout drop-off.', suffix: '\n- Cut' } }).expect(201);
    const answer = res.body as AskSuggestionAnswer;
    expect(answer.note).toBeNull();
    expect(answer.suggestions).toHaveLength(1);
    expect(answer.suggestion).toMatchObject({
      documentId: doc.id,
      status: 'pending',
      author: { kind: 'ai', name: 'AI', userId: commenter.id, requestedBy: { id: commenter.id, username: commenter.username } },
      quote: { exact: '- Reduce checkout drop-off.', prefix: '', suffix: '\n- Cut' },
      replacement: `- Reduce checkout drop-off ${METRIC_PLACEHOLDER}.`,
    });
    expect(await stored(doc.id)).toEqual([answer.suggestion]);
    expect(await usage(stack, commenter)).toBe(before + 1);
    // Nothing was written to the document, and no chat message.
    expect((await request(stack.content.url).get(`/api/documents/${doc.id}`).set('Cookie', owner.cookie).expect(200)).body.content).toBe(doc.content);
    expect((await request(stack.chat.url).get(`/api/chat/${doc.id}`).set('Cookie', commenter.cookie).expect(200)).body).toEqual([]);
  });

  it('suggests one change per changed passage for the whole document, and answers an instruction the offline assistant cannot follow with a note', async () => {
    const doc = await createDocument(stack, owner, '# Plan\n\nWe will recieve feedback.\n\n## Scope\n\nKeep it small.\n\n## Risks\n\nTeh vendor may be late.\n');
    const whole = (await ask(doc.id, owner, { instruction: 'Fix spelling and grammar' }).expect(201)).body as AskSuggestionAnswer;
    expect(whole.suggestions.map((s) => [s.quote.exact, s.replacement])).toEqual([
      ['We will recieve feedback.\n', 'We will receive feedback.\n'],
      ['Teh vendor may be late.\n', 'The vendor may be late.\n'],
    ]);
    const none = (await ask(doc.id, owner, { instruction: 'Translate this into French' }).expect(201)).body as AskSuggestionAnswer;
    expect(none).toEqual({ suggestion: null, suggestions: [], note: CANNOT_FOLLOW });
    expect(await stored(doc.id)).toHaveLength(2);
  });

  it('refuses viewers (403 naming the role) and strangers (404), a passage no longer in the document (409, the message given back) and bad input (400)', async () => {
    const doc = await createDocument(stack, owner, '# Doc\n\nSome text.\n');
    await share(doc.id, viewer, 'viewer');
    const before = await usage(stack, viewer);
    expect((await ask(doc.id, viewer, { instruction: 'Shorten' }).expect(403)).body.message).toBe(roleNeededMessage('commenter'));
    await ask(doc.id, stranger, { instruction: 'Shorten' }).expect(404);
    expect(await usage(stack, viewer)).toBe(before);

    const spent = await usage(stack, owner);
    const gone = await ask(doc.id, owner, { instruction: 'Shorten', quote: { exact: 'Text that was deleted' } }).expect(409);
    expect(gone.body.message).toBe('The selected passage is no longer in the document: select it again');
    expect(await usage(stack, owner)).toBe(spent);

    expect((await ask(doc.id, owner, { instruction: '  ' }).expect(400)).body.message).toBe('instruction is required');
    expect((await ask(doc.id, owner, { instruction: 'x'.repeat(2_001) }).expect(400)).body.message).toBe('instruction must be at most 2000 characters');
    expect((await ask(doc.id, owner, { instruction: 'Shorten', quote: { exact: '' } }).expect(400)).body.message).toMatch(/insertion point/);
    await ask(doc.id, owner, { instruction: 'Shorten', quote: { exact: 'x'.repeat(20_001) } }).expect(400);
  });

  it('streams the model’s replacement, then the stored suggestion; the model sees the passage with at most SUGGEST_CONTEXT_CHARS of context each side', async () => {
    const before = `# Long\n\n${'Earlier paragraph. '.repeat(400)}\n\n`;
    const after = `\n\n${'Later paragraph. '.repeat(400)}\n`;
    const doc = await createDocument(stack, keyed, `${before}The checkout is slow.${after}`);
    stack.openai.respond = () => ({ reply: 'Checkout takes at most 2 s at p95.', tokenDelayMs: 5 });
    const call = await postSse(stack.chat.url, `/api/documents/${doc.id}/suggestions`, keyed.cookie, {
      instruction: 'Make it measurable',
      quote: { exact: 'The checkout is slow.' },
    });
    expect(call.status).toBe(200);
    await call.finished;
    expect(streamedText(call.events)).toBe('Checkout takes at most 2 s at p95.');
    const done = call.events.find((e) => e.event === 'done')!.data as AskSuggestionAnswer;
    expect(done.suggestion).toMatchObject({
      quote: { exact: 'The checkout is slow.' },
      replacement: 'Checkout takes at most 2 s at p95.',
      author: { kind: 'ai', userId: keyed.id },
    });

    const [request_] = stack.openai.requests;
    expect(lastUserMessage(request_!)).toBe('Make it measurable');
    const system = request_!.body.messages![0]!.content;
    expect(system).toContain('<passage document="Long">\nThe checkout is slow.\n</passage>');
    const context = [...system.matchAll(/<context position="(before|after)">\n([\s\S]*?)\n<\/context>/g)].map((m) => [m[1], m[2]!.length]);
    expect(context).toEqual([
      ['before', SUGGEST_CONTEXT_CHARS],
      ['after', SUGGEST_CONTEXT_CHARS],
    ]);
  });

  it('document chat in suggest mode: the edit becomes suggestions through the worker, the reply says so, the document stays as it was', async () => {
    const doc = await createDocument(stack, owner, '# Checkout\n\n## Problem\n\nThe form is slow.\n');
    expect((await request(stack.chat.url).get(`/api/chat/${doc.id}/ai-edits`).set('Cookie', owner.cookie).expect(200)).body).toEqual({ mode: 'apply' });
    await share(doc.id, viewer, 'viewer');
    expect((await request(stack.chat.url).put(`/api/chat/${doc.id}/ai-edits`).set('Cookie', viewer.cookie).send({ mode: 'suggest' }).expect(403)).body.message).toBe(
      roleNeededMessage('editor'),
    );
    await request(stack.chat.url).put(`/api/chat/${doc.id}/ai-edits`).set('Cookie', stranger.cookie).send({ mode: 'suggest' }).expect(404);
    expect((await request(stack.chat.url).put(`/api/chat/${doc.id}/ai-edits`).set('Cookie', owner.cookie).send({ mode: 'later' }).expect(400)).body.message).toBe(
      'mode must be one of apply, suggest',
    );
    await request(stack.chat.url).put(`/api/chat/${doc.id}/ai-edits`).set('Cookie', owner.cookie).send({ mode: 'suggest' }).expect(200, { mode: 'suggest' });
    expect((await request(stack.chat.url).get(`/api/chat/${doc.id}/ai-edits`).set('Cookie', owner.cookie).expect(200)).body).toEqual({ mode: 'suggest' });

    const res = await request(stack.chat.url)
      .post('/api/chat')
      .set('Cookie', owner.cookie)
      .send({ content: 'Replace "slow" with "too long: 14 fields"', documentId: doc.id })
      .expect(200);
    expect(res.body.documentUpdated).toBe(false);
    expect(res.body.assistantMessage.content).toContain(SUGGESTED_CHANGES_NOTE);
    expect((await request(stack.content.url).get(`/api/documents/${doc.id}`).set('Cookie', owner.cookie).expect(200)).body.content).toBe(doc.content);
    expect((await stored(doc.id)).map((s) => [s.quote.exact, s.replacement, s.author.kind])).toEqual([['The form is slow.\n', 'The form is too long: 14 fields.\n', 'ai']]);

    // Back to apply: the next edit is saved as before.
    await request(stack.chat.url).put(`/api/chat/${doc.id}/ai-edits`).set('Cookie', owner.cookie).send({ mode: 'apply' }).expect(200);
    const applied = await request(stack.chat.url).post('/api/chat').set('Cookie', owner.cookie).send({ content: 'Replace "slow" with "sluggish"', documentId: doc.id }).expect(200);
    expect(applied.body.documentUpdated).toBe(true);
    expect(applied.body.assistantMessage.content).not.toContain(SUGGESTED_CHANGES_NOTE);
  });
});
