import { describe, expect, it } from '@jest/globals';
import { answerInterview, openInterview, type InterviewState } from './interviewer.js';
import { SAMPLE_TEMPLATES } from './sample-templates.fixture.js';
import { initialFlowDocument, templateSections, unfilledSections } from '../document-flow/flow-document.js';
import { parseSections } from './markdown-sections.js';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';

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
    expect(openInterview(sections, doc, 'ai-assisted', 'PRD').reply).toMatch(
      /Step 1 of 9 — Overview[\s\S]*What should the \*\*Overview\*\* section say\?[\s\S]*Summarise the product in two sentences\./,
    );
    expect(openInterview(sections, doc, 'start-new', 'PRD').reply).toContain('**Overview** (1/9): What goes under **Overview**? Summarise the product in two sentences.');
  });

  it('asks one follow-up on a short ai-assisted answer and keeps both answers', () => {
    const sections = templateSections(SAMPLE_TEMPLATES[0]!.content);
    const doc = initialFlowDocument('Checkout', sections);
    const first = answerInterview(sections, doc, { step: 0, followUp: false }, 'One-tap checkout', 'ai-assisted');
    expect(first.state).toEqual({ step: 0, followUp: true });
    expect(first.reply).toContain('Anything to add to **Overview**?');
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

  it("asks each section about itself, never with another section's question", () => {
    const sections = templateSections('## Functional Requirements\n\n## Non-Functional Requirements\n\n## Target Users\n\n## User Experience\n');
    const doc = initialFlowDocument('X', sections);
    const asked = (step: number) => answerInterview(sections, doc, { step: step - 1, followUp: false }, 'next', 'ai-assisted').reply.split('**Step ')[1];
    expect(asked(1)).toContain('What should the **Non-Functional Requirements** section say?');
    expect(asked(1)).toMatch(/p95 latency/);
    expect(asked(1)).not.toMatch(/must-have/);
    expect(asked(3)).toContain('What should the **User Experience** section say?');
    expect(asked(3)).not.toMatch(/target users/i);
  });

  it.each(['done', 'Done.', "That's all!", 'THAT’S ALL', 'no more', 'Next'])('moves on at "%s" without writing it', (reply) => {
    const sections = templateSections(SAMPLE_TEMPLATES[0]!.content);
    const doc = initialFlowDocument('X', sections);
    const first = answerInterview(sections, doc, { step: 0, followUp: false }, 'One-tap checkout', 'ai-assisted');
    const afterFollowUp = answerInterview(sections, first.content, first.state, reply, 'ai-assisted');
    expect(afterFollowUp.state).toEqual({ step: 1, followUp: false });
    expect(afterFollowUp.content).toBe(first.content);
    const passed = answerInterview(sections, afterFollowUp.content, afterFollowUp.state, reply, 'ai-assisted');
    expect(passed.state).toEqual({ step: 2, followUp: false });
    expect(passed.content).toBe(afterFollowUp.content);
    expect(passed.reply).toContain(`Leaving **${sections[1]!.heading}** for later.`);
  });

  it.each(['finish', 'Finish.', "That's enough!", 'THAT IS ENOUGH'])('completes the document at "%s", unanswered sections as open questions', (reply) => {
    const sections = templateSections(SAMPLE_TEMPLATES[0]!.content);
    const first = answerInterview(
      sections,
      initialFlowDocument('X', sections),
      { step: 0, followUp: false },
      'A checkout in one tap for returning shoppers on mobile',
      'start-new',
    );
    const done = answerInterview(sections, first.content, first.state, reply, 'ai-assisted');
    expect(done.isComplete).toBe(true);
    expect(done.state.step).toBe(sections.length);
    expect(done.content).not.toContain('To be completed');
    expect(done.content).not.toMatch(/finish|enough/i);
    const doc = parseSections(done.content);
    expect(doc.sections.map((s) => s.heading)).toEqual(['Overview', 'Open Questions']);
    expect(doc.sections[1]!.body).toContain('- **Problem Statement:** What problem are we solving and for whom?');
    expect(done.reply).toContain('1 of 9 sections are filled');
  });

  it('files an answer labelled with another section there, says so, and asks the same question again', () => {
    const sections = templateSections(SAMPLE_TEMPLATES[0]!.content);
    const doc = initialFlowDocument('X', sections);
    const turn = answerInterview(sections, doc, { step: 0, followUp: false }, 'Success: conversion up from 2% to 3%', 'start-new');
    expect(turn.state).toEqual({ step: 0, followUp: false });
    expect(turn.reply).toMatch(/^That belongs in \*\*Success Metrics\*\*, so I added it there\.[\s\S]*\*\*Overview\*\* \(1\/9\)/);
    const body = parseSections(turn.content).sections.find((s) => s.heading === 'Success Metrics')!.body;
    expect(body).toBe('Conversion up from 2% to 3%');
  });

  describe('an unlabelled-by-heading answer that plainly belongs to another section, by its heading and guidance', () => {
    const prd = TEMPLATE_CATALOGUE.find((t) => t.slug === 'product-requirements-document')!;
    const sections = templateSections(prd.content);
    const at = (heading: string) => sections.findIndex((s) => s.heading === heading);
    const bodyOf = (content: string, heading: string) => parseSections(content).sections.find((s) => s.heading === heading)!.body;

    it.each([
      ['Non-Goals', 'Must haves: booking in under 60 seconds, live GPS tracking', 'Functional Requirements'],
      ['Functional Requirements', 'Out of scope: grooming, vet visits', 'Non-Goals'],
    ])('while %s is asked, "%s" goes to %s and the question is asked again', (asked, answer, target) => {
      const doc = initialFlowDocument('Dog walking', sections);
      const turn = answerInterview(sections, doc, { step: at(asked), followUp: false }, answer, 'ai-assisted');
      expect(turn.state).toEqual({ step: at(asked), followUp: false });
      expect(turn.reply).toMatch(new RegExp(`^That belongs in \\*\\*${target}\\*\\*, so I added it there\\.[\\s\\S]*Step ${at(asked) + 1} of`));
      expect(bodyOf(turn.content, target)).toContain(
        answer
          .slice(answer.indexOf(':') + 1)
          .trim()
          .split(',')[0]!
          .trim()
          .replace(/^./, (c) => c.toUpperCase()),
      );
      expect(unfilledSections(turn.content, sections).map((s) => s.heading)).toContain(asked);
    });

    it('keeps a labelled answer where it was given when the label fits the current section as well as any other', () => {
      const doc = initialFlowDocument('Dog walking', sections);
      const turn = answerInterview(sections, doc, { step: at('Problem Statement'), followUp: false }, 'Example: owners wait two days for a walker', 'ai-assisted');
      expect(bodyOf(turn.content, 'Problem Statement')).toContain('Example: owners wait two days for a walker');
      expect(turn.reply).not.toContain('That belongs in');
    });
  });
});
