import { describe, expect, it } from '@jest/globals';
import { projectAnswer } from './project-chat.js';

const CONTEXT = {
  project: { id: 1, name: 'Payments', description: 'Faster checkout', status: 'in-progress' },
  role: 'owner' as const,
  documents: [
    { id: 1, title: 'Checkout PRD', content: '# Checkout\n\n## Risks\n\nThe card vault migration could slip by 3 weeks.\n\n## Goals\n\n- Cut abandonment from 40% to 25%' },
    { id: 2, title: 'Refunds', content: '# Refunds\n\n## Problem\n\nAgents refund by hand.' },
  ],
};

describe('offline project chat', () => {
  it("quotes the passages of the project's documents that match the question", () => {
    const answer = projectAnswer(CONTEXT, 'What could delay the vault migration?');
    expect(answer).toContain('**Payments** has 2 documents');
    expect(answer).toContain('*Checkout PRD › Risks:* The card vault migration could slip by 3 weeks.');
  });

  it("reports each document's coverage of the standard sections", () => {
    const answer = projectAnswer(CONTEXT, 'status?');
    expect(answer).toMatch(/- Checkout PRD: 2 sections, \d standard sections missing/);
    expect(answer).toMatch(/- Refunds: 1 sections, \d standard sections missing/);
  });

  it('invites adding documents to an empty project', () => {
    expect(projectAnswer({ ...CONTEXT, documents: [] }, 'anything')).toContain('Add or create a document');
  });
});
