// The offline assistant's guided interview (chat service) over every template of the catalogue
// (content service), with a scripted user: it lives in infra because it joins two services' sources.
import { describe, expect, it } from '@jest/globals';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { answerInterview, openInterview, type InterviewTurn } from '@prd/chat/offline/interviewer';
import { initialFlowDocument, isSectionFilled, templateSections, type TemplateSection } from '@prd/chat/document-flow/flow-document';
import { findSection, normalizeHeading, parseSections } from '@prd/chat/offline/markdown-sections';

const MOVE_ON = ['done', 'Next!', "THAT'S ALL.", 'no more', 'Done.', 'that’s all'];
const CONTROL_LINE = /^[-*\s]*(done|next|that'?s all|that’s all|no more|finish|that'?s enough)[.!]*$/im;

/** The question a reply asks, without the step header that names the section anyway. */
function questionPart(reply: string, heading: string): string {
  const lines = reply.split('\n').filter((l) => !/^\*\*Step \d+ of \d+ — /.test(l));
  return lines.join('\n').replace(`**${heading}** (`, '(');
}

/** Checks that a question is about its own section: it names it, and no other section. */
function expectAbout(sections: TemplateSection[], turn: InterviewTurn) {
  const section = sections[turn.state.step]!;
  const paragraphs = turn.reply.split('\n\n').filter((p) => !/^(That belongs in|Added to|Leaving|\*\*[^*]+\*\* is done|I'll guide|Let's fill)/.test(p));
  const asked = questionPart(paragraphs.join('\n\n'), section.heading);
  expect(asked).toContain(`**${section.heading}**`);
  for (const other of sections) {
    if (other === section || normalizeHeading(section.heading).includes(normalizeHeading(other.heading))) continue;
    expect(asked).not.toContain(`**${other.heading}**`);
  }
}

interface Script {
  passed: Set<string>;
  answered: Map<string, string>;
  labelled: Map<string, string>;
  finishedEarly: boolean;
}

/** A scripted user: answers most sections, leaves some for later, files one answer under another section, may finish early. */
function interview(name: string, template: string, mode: 'ai-assisted' | 'start-new', finishAfter: number | null) {
  const sections = templateSections(template);
  let content = initialFlowDocument(name, sections);
  let turn = openInterview(sections, content, mode, name);
  const script: Script = { passed: new Set(), answered: new Map(), labelled: new Map(), finishedEarly: false };
  let asked = 0;
  let labelledOnce = false;
  while (!turn.isComplete) {
    expect(asked++).toBeLessThan(10 * sections.length);
    const step = turn.state.step;
    const section = sections[step]!;
    if (!turn.state.followUp) expectAbout(sections, turn);
    else expect(turn.reply).toContain(`Anything to add to **${section.heading}**?`);
    let answer: string;
    if (finishAfter !== null && step >= finishAfter) {
      answer = 'Finish.';
      script.finishedEarly = true;
    } else if (turn.state.followUp) {
      answer = MOVE_ON[step % MOVE_ON.length]!;
    } else if (step % 4 === 3) {
      answer = MOVE_ON[step % MOVE_ON.length]!;
      script.passed.add(section.heading);
    } else if (step === 2 && !labelledOnce) {
      const target = sections[0]!;
      answer = `${target.heading}: labelled note for the first section of ${name}`;
      script.labelled.set(target.heading, `labelled note for the first section of ${name}`);
      labelledOnce = true;
    } else {
      answer = step % 2 === 0 ? `Short answer ${step}` : `The team agreed on answer ${step} after reviewing the research with stakeholders.`;
      script.answered.set(section.heading, `answer ${step}`);
    }
    const before = turn.state;
    turn = answerInterview(sections, content, turn.state, answer, mode);
    content = turn.content;
    if (answer.includes(': labelled note')) {
      expect(turn.state).toEqual(before);
      expect(turn.reply).toContain(`That belongs in **${sections[0]!.heading}**`);
    }
  }
  return { sections, content, script };
}

describe('the offline interview over the template catalogue', () => {
  it('covers the 30 templates of the catalogue', () => {
    expect(TEMPLATE_CATALOGUE).toHaveLength(30);
  });

  const cases = TEMPLATE_CATALOGUE.flatMap((t, i) => [[t.name, 'ai-assisted', i % 5 === 0 ? 3 : null, t.content] as const, [t.name, 'start-new', null, t.content] as const]);
  it.each(cases)('%s (%s): questions about their own section, control words kept out, answers where they belong', (name, mode, finishAfter, template) => {
    const { sections, content, script } = interview(name, template, mode, finishAfter);
    expect(content).not.toMatch(CONTROL_LINE);
    expect(content).not.toContain('To be completed');
    const doc = parseSections(content);
    for (const [heading, marker] of [...script.answered, ...script.labelled]) {
      expect(findSection(doc, heading)?.body.toLowerCase()).toContain(marker.toLowerCase());
    }
    const unanswered = sections.filter((s) => !script.answered.has(s.heading) && !script.labelled.has(s.heading));
    // Unanswered sections leave the body for the Open Questions list (the template's own such section, if any).
    for (const section of unanswered.filter((s) => normalizeHeading(s.heading) !== 'open questions')) {
      expect(isSectionFilled(content, section)).toBe(false);
      expect(findSection(doc, 'Open Questions')?.body).toContain(`**${section.heading}:**`);
    }
    if (script.passed.size || script.finishedEarly) expect(doc.sections.at(-1)?.heading).toMatch(/Open Questions/);
  });
});
