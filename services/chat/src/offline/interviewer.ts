import type { DocumentFlowMode } from '@prd/proto';
import { findSection, parseSections, bulletList, capitalize, normalizeHeading, splitItems, wordCount } from './markdown-sections.js';
import { formatReview } from './review.js';
import { isSectionFilled, openQuestionsDocument, writeSection, type TemplateSection } from '../document-flow/flow-document.js';

/** Where the offline interview stands: the section being asked about, and whether its follow-up is pending. */
export interface InterviewState {
  step: number;
  followUp: boolean;
}

export interface InterviewTurn {
  content: string;
  state: InterviewState;
  reply: string;
  isComplete: boolean;
}

/**
 * Advice for a kind of section, recognised by whole words of its heading. It only adds a tip and a
 * follow-up to the question, which is always built from the section's own heading and guidance.
 * Specific kinds come first, so "Non-Functional Requirements" is not read as requirements, nor
 * "User Experience" or "User Stories" as users.
 */
interface Kind {
  match: RegExp;
  tip: string;
  followUp: string;
  list: boolean;
}

const KINDS: Kind[] = [
  {
    match: /\b(non goals?|out of scope|not in scope|will not)\b/,
    tip: 'Name the features, users or platforms deliberately left out.',
    followUp: 'Is there anything stakeholders might assume is included but is not?',
    list: true,
  },
  {
    match: /\b(non functional|performance|security|privacy|compliance|reliability|accessibility|observability)\b/,
    tip: 'Give each quality a number to check it against (for example p95 latency, uptime, retention).',
    followUp: 'Which of these targets is hardest to meet, and how will you verify it?',
    list: true,
  },
  {
    match: /\b(user stor(y|ies)|stories|use cases?|jobs? to be done)\b/,
    tip: 'Write each as "As a <user>, I want <action>, so that <benefit>" — one per line.',
    followUp: 'For the most important story, what would a tester check to call it done?',
    list: true,
  },
  {
    match: /\b(acceptance|definition of done|exit criteria|verification)\b/,
    tip: 'Write checks as "Given <context>, when <action>, then <result>".',
    followUp: 'What should happen in the main error case?',
    list: true,
  },
  {
    match: /\b(experience|ux|ui|design|user flow|journey|wireframes?)\b/,
    tip: 'Describe the main flow step by step, and link any mock-ups.',
    followUp: 'What should the user see when something goes wrong?',
    list: false,
  },
  { match: /\b(open questions?|unknowns?)\b/, tip: 'Add who should answer each one.', followUp: 'Who owns the most important of these?', list: true },
  {
    match: /\b(risks?|assumptions?|dependenc(y|ies)|mitigations?|contingenc(y|ies)|threats)\b/,
    tip: 'For each one, add how you will reduce it.',
    followUp: 'Which of these, if it happened, would hurt most — and how will you find out early?',
    list: true,
  },
  {
    match: /\b(metrics?|kpis?|measures?|measurement|key results)\b/,
    tip: 'Give each a baseline, a target and where the number comes from.',
    followUp: 'What is the current baseline of the most important one?',
    list: true,
  },
  {
    match: /\b(goals?|objectives?|outcomes?)\b/,
    tip: 'Make each measurable, with a target and a date (for example "raise activation from 30% to 45% by Q3").',
    followUp: 'What number would tell you each one is met, and by when?',
    list: true,
  },
  {
    match: /\b(problem|pain|opportunity)\b/,
    tip: 'Say who has it, how often, what it costs them, and the evidence (data, tickets, quotes).',
    followUp: 'How do you know this is real — what data or quotes back it up?',
    list: false,
  },
  {
    match: /\b(target users|audience|personas?|segments?|who it is for|affected users|users and roles)\b/,
    tip: 'Describe the primary user — role, context, goals and frustrations — and any secondary users.',
    followUp: 'What does the primary user care about most?',
    list: false,
  },
  {
    match: /\b(requirements?|features?|must have|capabilit(y|ies))\b/,
    tip: 'Most important first; mark each must-have or nice-to-have.',
    followUp: 'Which one is the must-have for the first release?',
    list: true,
  },
  {
    match: /\b(timeline|milestones?|roadmap|release plan|schedule|rollout)\b/,
    tip: 'List the milestones with target dates.',
    followUp: 'What has to be true before launch (the go/no-go criteria)?',
    list: true,
  },
];

const kindOf = (section: TemplateSection): Kind | undefined => KINDS.find((k) => k.match.test(normalizeHeading(section.heading)));

const firstSentence = (text: string): string => text.split(/(?<=[.!?])\s+/)[0]?.trim() ?? '';

/** The question for a section, in detail (ai-assisted) or directly (start-new): its heading, then its guidance. */
function question(section: TemplateSection, mode: DocumentFlowMode): string {
  const tip = kindOf(section)?.tip;
  if (mode === 'start-new') return `What goes under **${section.heading}**? ${firstSentence(section.guidance) || tip || ''}`.trim();
  const detail = section.guidance ? `_Template guidance:_ ${section.guidance}` : '';
  return [`What should the **${section.heading}** section say?`, detail, tip ? `_Tip:_ ${tip}` : ''].filter(Boolean).join('\n\n');
}

const followUpQuestion = (section: TemplateSection): string =>
  `Anything to add to **${section.heading}**? ${kindOf(section)?.followUp ?? 'A concrete example or a number would make it stronger.'}`;

/** Replies that mean "skip this section": written as not applicable. */
const SKIP = /^(skip|n\/?a|none|not applicable|pass|no idea|later)$/;
/** Replies that mean "go on to the next section", never written into the document. */
const NEXT = /^(done|i am done|im done|that s all|thats all|that is all|no more|nothing more|nothing else|next|move on|continue)$/;
/** Replies that end the interview and complete the document. */
const FINISH = /^(finish|finish it|finished|that s enough|thats enough|that is enough|stop|end)$/;

/** A reply reduced to its words: case, surrounding punctuation and apostrophes do not matter. */
const command = (answer: string): string =>
  answer
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/]+/gu, ' ')
    .trim();

/** The user's answer as the section's markdown: lists for list-like sections, user stories kept as written. */
export function formatAnswer(section: TemplateSection, answer: string): string {
  if (SKIP.test(command(answer))) return '_Not applicable for this release._';
  const items = splitItems(answer);
  if (kindOf(section)?.list || items.length > 2) return items.length > 1 ? bulletList(items.map(capitalize)) : capitalize(answer.trim());
  return capitalize(answer.trim());
}

/** Words that say nothing about a topic, left out when a label is compared with a section's heading and guidance. */
const FUNCTION_WORDS = new Set(
  'a an and are as at be by do does for from has have in into is it its of on or our out that the their this to was we were what which will with'.split(' '),
);

/** A text's topic words, lowercased and singular ("Must haves" → must; "Risks" → risk), as a set. */
function topicWords(text: string): Set<string> {
  const words = normalizeHeading(text)
    .split(' ')
    .filter((w) => w && !FUNCTION_WORDS.has(w));
  return new Set(words.map((w) => (w.length > 4 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)));
}

/**
 * Which section a label that names no heading is about: the one whose heading and guidance share the
 * most of its topic words ("Out of scope" → the section whose guidance speaks of scope). Only a clear
 * winner over every other section, the current one included, counts: otherwise the answer stays.
 */
function sectionAbout(sections: TemplateSection[], current: number, label: string): number {
  const wanted = topicWords(label);
  if (wanted.size === 0) return -1;
  const scores = sections.map((s) => {
    const known = topicWords(`${s.heading} ${s.guidance}`);
    return [...wanted].filter((w) => known.has(w)).length;
  });
  const best = Math.max(...scores);
  if (best === 0 || scores.filter((score) => score === best).length > 1 || scores[current] === best) return -1;
  return scores.indexOf(best);
}

/**
 * An answer that starts with a label and a colon ("Risks: vendor delay", "Out of scope: grooming")
 * belongs to another section when the label is that section's heading, names words all in its
 * heading, or is plainly about what its heading and guidance describe.
 */
function labelledFor(sections: TemplateSection[], current: number, answer: string): { section: TemplateSection; text: string } | null {
  const match = /^\s*([\p{L}][\p{L}\s&/-]{1,40}?)\s*:\s*(\S[\s\S]*)$/u.exec(answer);
  if (!match) return null;
  const label = normalizeHeading(match[1]!);
  const words = label.split(' ');
  const exact = sections.findIndex((s) => normalizeHeading(s.heading) === label);
  const named = exact >= 0 ? exact : sections.findIndex((s) => words.every((w) => normalizeHeading(s.heading).split(' ').includes(w)));
  const at = named >= 0 ? named : sectionAbout(sections, current, label);
  if (at < 0 || at === current) return null;
  return { section: sections[at]!, text: match[2]!.trim() };
}

/** Adds an answer below what a section already has (its pending marker does not count). */
function appendTo(content: string, section: TemplateSection, answer: string): string {
  const existing = isSectionFilled(content, section) ? (findSection(parseSections(content), section.heading)?.body ?? '') : '';
  return writeSection(content, section.heading, `${existing}\n\n${formatAnswer(section, answer)}`.trim());
}

function ask(sections: TemplateSection[], step: number, mode: DocumentFlowMode): string {
  const section = sections[step]!;
  if (mode === 'start-new') return `**${section.heading}** (${step + 1}/${sections.length}): ${question(section, mode)}`;
  return `**Step ${step + 1} of ${sections.length} — ${section.heading}**\n\n${question(section, mode)}\n\n_Reply "skip" if it does not apply, "next" to come back to it later, "finish" to end here._`;
}

/** The document is done: unanswered sections become open questions at the end, then a rubric review. */
function complete(sections: TemplateSection[], content: string, note: string): InterviewTurn {
  const unanswered = sections.filter((s) => !isSectionFilled(content, s));
  const finished = openQuestionsDocument(content, sections);
  const filled = sections.length - unanswered.length;
  const open = unanswered.length ? ` ${unanswered.length} section${unanswered.length === 1 ? ' is' : 's are'} listed under Open Questions at the end.` : '';
  const summary = `${note} Your document is complete — ${filled === sections.length ? `all ${filled}` : `${filled} of ${sections.length}`} sections are filled.${open}`;
  return { content: finished, state: { step: sections.length, followUp: false }, reply: `${summary.trim()}\n\n${formatReview(finished)}`, isComplete: true };
}

/** The first question of the interview (or the completion note when every section is already filled). */
export function openInterview(sections: TemplateSection[], content: string, mode: DocumentFlowMode, templateName: string): InterviewTurn {
  const step = sections.findIndex((s) => !isSectionFilled(content, s));
  if (step < 0) return { content, state: { step: sections.length, followUp: false }, reply: 'Every section of this document is already filled.', isComplete: true };
  const intro =
    mode === 'start-new'
      ? `Let's fill in your ${templateName} quickly — one short question per section.`
      : `I'll guide you through your ${templateName} one section at a time and write your answers into the document as we go.`;
  return { content, state: { step, followUp: false }, reply: `${intro}\n\n${ask(sections, step, mode)}`, isComplete: false };
}

/**
 * Takes the user's reply to the current question: "next"/"done" moves on, "finish" completes the
 * document, an answer labelled with another section goes there, any other answer is written into
 * the current section — then a follow-up (ai-assisted, short answers) or the next question.
 */
export function answerInterview(sections: TemplateSection[], content: string, state: InterviewState, answer: string, mode: DocumentFlowMode): InterviewTurn {
  const step = Math.min(state.step, sections.length);
  if (step >= sections.length) return { content, state, reply: 'The document is complete. Open it from Documents to keep refining it with the AI chat.', isComplete: true };
  const section = sections[step]!;
  const said = command(answer);
  if (FINISH.test(said)) return complete(sections, content, 'Finishing here.');

  let next = content;
  let note: string;
  const elsewhere = labelledFor(sections, step, answer);
  if (NEXT.test(said)) {
    note = isSectionFilled(content, section) ? `**${section.heading}** is done.` : `Leaving **${section.heading}** for later.`;
  } else if (elsewhere) {
    next = appendTo(content, elsewhere.section, elsewhere.text);
    const again = state.followUp ? followUpQuestion(section) : ask(sections, step, mode);
    return { content: next, state, reply: `That belongs in **${elsewhere.section.heading}**, so I added it there.\n\n${again}`, isComplete: false };
  } else if (state.followUp) {
    if (!SKIP.test(said)) next = appendTo(content, section, answer);
    note = `Added to **${section.heading}**.`;
  } else {
    next = writeSection(content, section.heading, formatAnswer(section, answer));
    if (mode === 'ai-assisted' && !SKIP.test(said) && wordCount(answer) < 6) {
      return {
        content: next,
        state: { step, followUp: true },
        reply: `Added to **${section.heading}**. ${followUpQuestion(section)} _(Reply "next" to move on.)_`,
        isComplete: false,
      };
    }
    note = `Added to **${section.heading}**.`;
  }
  // The next unfilled section after this one; those left behind become open questions at the end.
  const ahead = sections.findIndex((s, i) => i > step && !isSectionFilled(next, s));
  if (ahead < 0) return complete(sections, next, note);
  return { content: next, state: { step: ahead, followUp: false }, reply: `${note}\n\n${ask(sections, ahead, mode)}`, isComplete: false };
}
