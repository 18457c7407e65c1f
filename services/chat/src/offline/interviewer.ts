import type { DocumentFlowMode } from '@prd/proto';
import { findSection, parseSections, bulletList, capitalize, splitItems, wordCount } from './markdown-sections.js';
import { formatReview } from './review.js';
import { isSectionFilled, writeSection, type TemplateSection } from '../document-flow/flow-document.js';

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

interface Question {
  match: RegExp;
  detailed: string;
  direct: string;
  followUp: string;
  list: boolean;
}

/** What a product manager would ask for each kind of section, in detail (ai-assisted) or directly (start-new). */
const QUESTIONS: Question[] = [
  { match: /non.?goal|out of scope|not in scope/, detailed: 'What will this release deliberately **not** do? Listing non-goals prevents scope creep — name features, users or platforms you are leaving out.', direct: 'What is out of scope?', followUp: 'Is there anything stakeholders might assume is included but is not?', list: true },
  { match: /problem|pain|background|context|opportunity|why/, detailed: 'What problem are users facing today? Describe who has it, how often it happens, what it costs them, and any evidence you have (data, support tickets, interview quotes).', direct: 'What problem does this solve, and for whom?', followUp: 'How do you know this is a real problem — what data or quotes back it up?', list: false },
  { match: /goal|objective|outcome/, detailed: 'What are the goals? List 2–3 outcomes, each with a measurable target and a date (for example "raise activation from 30% to 45% by Q3").', direct: 'What are the goals (with targets)?', followUp: 'What number would tell you each goal is met, and by when?', list: true },
  { match: /user stor|stories|use case|scenario/, detailed: 'What are the key user stories? Write each as "As a <user>, I want <action>, so that <benefit>" — one per line.', direct: 'List the key user stories.', followUp: 'For the most important story, what would a tester check to call it done?', list: true },
  { match: /acceptance|definition of done|criteria/, detailed: 'What are the acceptance criteria? Write checks as "Given <context>, when <action>, then <result>".', direct: 'What are the acceptance criteria?', followUp: 'What should happen in the main error case?', list: true },
  { match: /persona|user|audience|customer|stakeholder|segment|who/, detailed: 'Who are the target users? Describe the primary persona — their role, context, goals and what frustrates them today — and any secondary users.', direct: 'Who are the target users?', followUp: 'What is the one thing the primary user cares about most?', list: false },
  { match: /requirement|feature|functional|capabilit|scope|solution|specification/, detailed: 'What must the product do? List the requirements, most important first, and mark each must-have or nice-to-have.', direct: 'What are the main requirements?', followUp: 'Which of these is the one must-have for the first release?', list: true },
  { match: /metric|kpi|success|measure|analytics/, detailed: 'How will you measure success? Name a primary metric with its baseline and target, plus guardrail metrics that must not get worse.', direct: 'Which metrics define success?', followUp: 'What is the current baseline for the primary metric?', list: true },
  { match: /risk|assumption|dependenc|constraint|concern|mitigation/, detailed: 'What are the risks, assumptions and dependencies? For each risk, add how you will reduce it.', direct: 'What are the main risks and dependencies?', followUp: 'Which assumption, if wrong, would hurt most — and how will you test it early?', list: true },
  { match: /timeline|milestone|release|roadmap|launch|phase|schedule|rollout/, detailed: 'What is the timeline? List the milestones (e.g. design done, beta, launch) with target dates.', direct: 'What are the milestones and dates?', followUp: 'What has to be true before launch (the go/no-go criteria)?', list: true },
  { match: /question|open issue|unknown/, detailed: 'What open questions remain, and who should answer each one?', direct: 'What questions are still open?', followUp: 'Who owns the most important open question?', list: true },
  { match: /design|ux|ui|experience|flow|wireframe/, detailed: 'What should the experience look like? Describe the main flow step by step and any design principles or links to mock-ups.', direct: 'Describe the key user flow.', followUp: 'What should the user see when something goes wrong?', list: false },
  { match: /technical|architecture|implementation|engineering|api|integration|data/, detailed: 'What are the technical considerations — systems involved, integrations, data, performance or security needs (with numbers where possible)?', direct: 'What are the technical considerations?', followUp: 'Are there performance or security targets (e.g. p95 latency, data retention)?', list: true },
  { match: /overview|summary|introduction|purpose|description|vision|executive/, detailed: 'In two or three sentences, what are you building, for whom, and why now?', direct: 'Summarise what you are building and why.', followUp: 'Why is now the right time to build it?', list: false },
];

function questionFor(section: TemplateSection): Question {
  const heading = section.heading.toLowerCase();
  const known = QUESTIONS.find((q) => q.match.test(heading));
  if (known) return known;
  const what = section.guidance ? ` ${section.guidance}` : '';
  return {
    match: /$^/,
    detailed: `What should the **${section.heading}** section say?${what}`,
    direct: `What goes in **${section.heading}**?`,
    followUp: `Anything else the reader of **${section.heading}** needs to know?`,
    list: false,
  };
}

const SKIP = /^(skip|n\/?a|none|not applicable|pass|no idea|later)\.?$/i;

/** The user's answer as the section's markdown: lists for list-like sections, user stories kept as written. */
export function formatAnswer(section: TemplateSection, answer: string): string {
  if (SKIP.test(answer.trim())) return '_Not applicable for this release._';
  const items = splitItems(answer);
  if (questionFor(section).list || items.length > 2) return items.length > 1 ? bulletList(items.map(capitalize)) : capitalize(answer.trim());
  return capitalize(answer.trim());
}

function ask(sections: TemplateSection[], step: number, mode: DocumentFlowMode): string {
  const section = sections[step]!;
  const q = questionFor(section);
  if (mode === 'start-new') return `**${section.heading}** (${step + 1}/${sections.length}): ${q.direct}`;
  const guidance = section.guidance && !q.detailed.includes(section.guidance) ? `\n\n_Template guidance:_ ${section.guidance}` : '';
  return `**Step ${step + 1} of ${sections.length} — ${section.heading}**\n\n${q.detailed}${guidance}\n\n_Reply "skip" if it does not apply._`;
}

/** The first question of the interview (or the completion note when every section is already filled). */
export function openInterview(sections: TemplateSection[], content: string, mode: DocumentFlowMode, templateName: string): InterviewTurn {
  const step = sections.findIndex((s) => !isSectionFilled(content, s));
  if (step < 0) return { content, state: { step: sections.length, followUp: false }, reply: 'Every section of this document is already filled.', isComplete: true };
  const intro = mode === 'start-new'
    ? `Let's fill in your ${templateName} quickly — one short question per section.`
    : `I'll guide you through your ${templateName} one section at a time and write your answers into the document as we go.`;
  return { content, state: { step, followUp: false }, reply: `${intro}\n\n${ask(sections, step, mode)}`, isComplete: false };
}

/** Writes the answer into the current section, then asks a follow-up (ai-assisted, short answers) or the next question. */
export function answerInterview(sections: TemplateSection[], content: string, state: InterviewState, answer: string, mode: DocumentFlowMode): InterviewTurn {
  let step = Math.min(state.step, sections.length);
  if (step >= sections.length) return { content, state, reply: 'The document is complete. Open it from Documents to keep refining it with the AI chat.', isComplete: true };
  const section = sections[step]!;
  let next = content;
  if (state.followUp) {
    const existing = findSection(parseSections(content), section.heading)?.body ?? '';
    const addition = formatAnswer(section, answer);
    next = writeSection(content, section.heading, SKIP.test(answer.trim()) ? existing : `${existing}\n\n${addition}`.trim());
  } else {
    next = writeSection(content, section.heading, formatAnswer(section, answer));
    if (mode === 'ai-assisted' && !SKIP.test(answer.trim()) && wordCount(answer) < 6) {
      return { content: next, state: { step, followUp: true }, reply: `Added to **${section.heading}**. ${questionFor(section).followUp} _(Reply "skip" to move on.)_`, isComplete: false };
    }
  }
  const note = `Added to **${section.heading}**.`;
  // The next unfilled section, wherever it is: the user may have edited the document in between.
  step = sections.findIndex((s) => !isSectionFilled(next, s));
  if (step < 0) {
    const review = formatReview(next);
    return {
      content: next,
      state: { step: sections.length, followUp: false },
      reply: `${note} Your document is complete — all ${sections.length} sections are filled.\n\n${review}`,
      isComplete: true,
    };
  }
  return { content: next, state: { step, followUp: false }, reply: `${note}\n\n${ask(sections, step, mode)}`, isComplete: false };
}
