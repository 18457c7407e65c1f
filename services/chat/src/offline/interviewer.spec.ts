import { describe, expect, it } from '@jest/globals';
import { answerInterview, openInterview, type InterviewState } from './interviewer.js';
import { SAMPLE_TEMPLATES } from './sample-templates.fixture.js';
import { initialFlowDocument, templateSections, unfilledSections } from '../document-flow/flow-document.js';
import { parseSections } from './markdown-sections.js';

/** Runs the interview to its end, answering each question with a sentence naming the step. */
function complete(templateContent: string, mode: 'ai-assisted' | 'start-new', answer: (turn: number) => string) {
  const sections = templateSections(templateContent);
  let content = initialFlowDocument('My doc', sections);
  let turn = openInterview(sections, content, mode, 'Template');
  let state: InterviewState = turn.state;
  const replies = [turn.reply];
  for (let i = 0; i < 100 && !turn.isComplete; i++) {
    turn = answerInterview(sections, content, state, answer(i), mode);
    content = turn.content;
    state = turn.state;
    replies.push(turn.reply);
  }
  return { sections, content, turn, replies };
}

describe('the offline document-flow interview', () => {
  it.each(SAMPLE_TEMPLATES.map((t) => [t.name, t.content]))('fills every section of "%s" (ai-assisted and start-new)', (_name, template) => {
    for (const mode of ['ai-assisted', 'start-new'] as const) {
      const { sections, content, turn } = complete(template, mode, (i) => `Answer number ${i} with enough words to need no follow-up question.`);
      expect(turn.isComplete).toBe(true);
      expect(unfilledSections(content, sections)).toEqual([]);
      expect(parseSections(content).sections.map((s) => s.heading)).toEqual(sections.map((s) => s.heading));
    }
  });

  it('asks a detailed question first and a direct one in start-new mode', () => {
    const sections = templateSections(SAMPLE_TEMPLATES[0]!.content);
    const doc = initialFlowDocument('Checkout', sections);
    expect(openInterview(sections, doc, 'ai-assisted', 'PRD').reply).toMatch(/Step 1 of 9 — Overview[\s\S]*two or three sentences/);
    expect(openInterview(sections, doc, 'start-new', 'PRD').reply).toContain('**Overview** (1/9): Summarise what you are building and why.');
  });

  it('asks one follow-up on a short ai-assisted answer and keeps both answers', () => {
    const sections = templateSections(SAMPLE_TEMPLATES[0]!.content);
    const doc = initialFlowDocument('Checkout', sections);
    const first = answerInterview(sections, doc, { step: 0, followUp: false }, 'One-tap checkout', 'ai-assisted');
    expect(first.state).toEqual({ step: 0, followUp: true });
    expect(first.reply).toContain('Why is now the right time');
    const second = answerInterview(sections, first.content, first.state, 'Mobile traffic doubled this year', 'ai-assisted');
    expect(second.state).toEqual({ step: 1, followUp: false });
    expect(parseSections(second.content).sections[0]!.body).toBe('One-tap checkout\n\nMobile traffic doubled this year');
  });

  it('never asks a follow-up in start-new mode', () => {
    const sections = templateSections(SAMPLE_TEMPLATES[0]!.content);
    const turn = answerInterview(sections, initialFlowDocument('X', sections), { step: 0, followUp: false }, 'Short', 'start-new');
    expect(turn.state).toEqual({ step: 1, followUp: false });
  });

  it('writes list-like answers as bullets and skipped sections as not applicable', () => {
    const sections = templateSections(SAMPLE_TEMPLATES[0]!.content);
    const goalsStep = sections.findIndex((s) => s.heading === 'Goals');
    let turn = answerInterview(sections, initialFlowDocument('X', sections), { step: goalsStep, followUp: false }, 'Cut abandonment from 40% to 25%; ship by Q3', 'start-new');
    expect(parseSections(turn.content).sections[goalsStep]!.body).toBe('- Cut abandonment from 40% to 25%\n- Ship by Q3');
    turn = answerInterview(sections, turn.content, { step: goalsStep + 1, followUp: false }, 'skip', 'ai-assisted');
    expect(parseSections(turn.content).sections[goalsStep + 1]!.body).toBe('_Not applicable for this release._');
  });

  it('ends with a rubric review of the finished document', () => {
    const { replies } = complete(SAMPLE_TEMPLATES[0]!.content, 'start-new', () => 'It should be fast and easy for every shopper.');
    expect(replies.at(-1)).toMatch(/all 9 sections are filled[\s\S]*"fast"/);
  });
});
