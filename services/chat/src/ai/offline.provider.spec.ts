import { describe, expect, it } from '@jest/globals';
import { OFFLINE_MODEL, OFFLINE_NOTE, OfflineProvider } from './offline.provider.js';

const run = (task: Parameters<OfflineProvider['run']>[0], onPartial?: (s: string) => void) =>
  new OfflineProvider().run(task, { signal: new AbortController().signal, ...(onPartial ? { onPartial } : {}) });

describe('the offline provider', () => {
  it('says every reply comes from the offline assistant and records its provider and model', async () => {
    const reply = await run({ kind: 'chat', mode: 'general', history: [], message: 'Write a PRD for invoices' });
    expect(reply.content.endsWith(OFFLINE_NOTE)).toBe(true);
    expect(reply).toMatchObject({ provider: 'offline', model: OFFLINE_MODEL, document: null });
  });

  it('streams growing partials that end in the full reply', async () => {
    const partials: string[] = [];
    const reply = await run({ kind: 'chat', mode: 'brainstorm', history: [], message: 'Ideas for onboarding new teams' }, (p) => partials.push(p));
    expect(partials.length).toBeGreaterThan(5);
    expect(partials.every((p, i) => i === 0 || p.startsWith(partials[i - 1]!))).toBe(true);
    expect(partials.at(-1)).toBe(reply.content);
  });

  it('reviews a pasted document against the rubric in feedback mode', async () => {
    const reply = await run({ kind: 'chat', mode: 'feedback', history: [], message: '# X\n\n## Goals\n\n- Be fast\n\n## Problem\n\nSlow pages.' });
    expect(reply.content).toContain('PRD rubric');
  });

  it('returns the edited document for a document-chat edit, and none for a question', async () => {
    const document = { id: 1, title: 'T', content: '# T\n\n## A\n\nx\n' };
    const edit = await run({ kind: 'document', document, history: [], message: 'rename the title to New' });
    expect(edit.document).toEqual({ content: '# New\n\n## A\n\nx\n', title: 'New' });
    const question = await run({ kind: 'document', document, history: [], message: 'Is this good?' });
    expect(question.document).toBeNull();
  });

  it('titles without the offline note', async () => {
    const reply = await run({ kind: 'title', exchange: [{ role: 'user', content: 'Pricing for the team plan' }] });
    expect(reply.content).toBe('Pricing for the team plan');
  });
});
