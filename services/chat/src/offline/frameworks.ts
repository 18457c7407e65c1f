import { capitalize, plainText, splitItems } from './markdown-sections.js';
import { reviewIdea, truncate } from './review.js';

/** The user's words, reduced to the parts the frameworks fill in. */
export interface IdeaParts {
  /** What the idea is about, in the user's words. */
  topic: string;
  /** Who it is for ("busy nurses"), when the user said so. */
  audience: string | null;
  goals: string[];
  pains: string[];
}

const STOP = new Set([
  'a',
  'an',
  'the',
  'i',
  'we',
  'my',
  'our',
  'to',
  'for',
  'of',
  'and',
  'or',
  'in',
  'on',
  'with',
  'want',
  'need',
  'would',
  'like',
  'help',
  'me',
  'please',
  'create',
  'make',
  'build',
  'write',
  'persona',
  'brainstorm',
  'ideas',
  'idea',
  'about',
  'some',
  'can',
  'you',
  'give',
  'feedback',
]);

export function extractIdea(text: string): IdeaParts {
  const plain = plainText(text).replace(/\s+/g, ' ').trim();
  const audienceMatch = /\b(?:for|targeting|aimed at|used by|users? (?:are|is))\s+((?:[\p{L}-]+\s?){1,5}?)(?=\s+(?:who|that|to|with|in|at|so|because|and)\b|[,.;!?]|$)/iu.exec(
    plain,
  );
  const audience = audienceMatch ? audienceMatch[1]!.trim().replace(/^(?:the|a|an)\s+/i, '') : null;
  const items = splitItems(plain);
  const goals = items.filter((s) => /\b(want|need|goal|so that|in order to|aim|hope|should|must|wish)\b/i.test(s));
  const pains = items.filter((s) => /\b(frustrat|hard|difficult|slow|pain|problem|struggl|can't|cannot|annoy|waste|confus|manual|error|miss)\w*/i.test(s));
  const topic = truncate(
    plain
      .replace(
        /^(?:please\s+)?(?:can you\s+)?(?:help me\s+)?(?:create|make|build|write|brainstorm|generate|give me)?\s*(?:a\s+)?(?:persona|ideas?|features?)?\s*(?:for|about|on)?\s*/i,
        '',
      )
      .replace(/[.!?]+$/, '') || plain,
    160,
  );
  return { topic, audience, goals, pains };
}

/** Up to `n` content words of the text, for naming and for "how might we" phrasing. */
export function keywords(text: string, n: number): string[] {
  const words =
    plainText(text)
      .toLowerCase()
      .match(/[\p{L}][\p{L}'-]+/gu) ?? [];
  const out: string[] = [];
  for (const w of words) if (!STOP.has(w) && !out.includes(w) && w.length > 2) out.push(w);
  return out.slice(0, n);
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

const NAMES = ['Maya', 'Daniel', 'Priya', 'Lucas', 'Amara', 'Jonas', 'Sofia', 'Kenji', 'Elena', 'Omar', 'Hannah', 'Mateo'];

/** A persona sheet filled from the user's description (persona mode). */
export function personaSheet(text: string): string {
  const idea = extractIdea(text);
  const who = idea.audience ?? (keywords(text, 3).join(' ') || 'your primary user');
  const name = NAMES[hash(text) % NAMES.length]!;
  const goals = idea.goals.length ? idea.goals : [`Get the job around "${idea.topic}" done with less effort`];
  const pains = idea.pains.length ? idea.pains : [`Today's way of handling "${idea.topic}" takes too much time or is unreliable`];
  return [
    `## Persona: ${name}, ${who}`,
    '',
    `**Who:** ${capitalize(who)} who ${idea.goals.length ? 'wants to ' + truncate(plainText(goals[0]!).replace(/^.*?\b(?:want|need)s?\s+(?:to\s+)?/i, ''), 100) : `deals with ${idea.topic}`}.`,
    `**Context:** Describe where ${name} works and how often the need comes up (daily, weekly) — validate this in interviews.`,
    '',
    '### Goals',
    ...goals.map((g) => `- ${capitalize(g)}`),
    '',
    '### Pain points',
    ...pains.map((p) => `- ${capitalize(p)}`),
    '',
    '### Behaviours and tools today',
    `- Current workaround for "${truncate(idea.topic, 60)}": spreadsheets, messages or manual steps (confirm which)`,
    '- Decides based on: time saved, reliability, what peers use',
    '',
    '### What they need from the product',
    `- Solve the top pain point ("${truncate(plainText(pains[0]!), 70)}") in the first session`,
    '- Clear evidence that it works (a number they can show their manager)',
    '',
    `### Quote`,
    `> "${capitalize(truncate(plainText(pains[0]!), 110))}."`,
    '',
    '### Questions to validate',
    `- How many ${who} face this weekly, and what does it cost them?`,
    '- What have they already tried, and why did it fail?',
    '- Who else influences the decision to adopt a solution?',
  ].join('\n');
}

const SCAMPER: [string, string][] = [
  ['Substitute', 'What step, material or role in {t} could be replaced by something cheaper or automatic?'],
  ['Combine', 'Which two parts of {t} could be merged into one action or screen?'],
  ['Adapt', 'Which product in another industry already solves a problem like {t}, and what can you borrow?'],
  ['Modify', 'What if {t} were ten times faster, or worked for a group instead of one person?'],
  ['Put to other uses', 'Who else, outside the original audience, could get value from {t}?'],
  ['Eliminate', 'Which step of {t} could be removed entirely without losing the outcome?'],
  ['Reverse', 'What if the order of {t} were flipped — the user reviews first and the system drafts after?'],
];

/** Brainstorm frameworks filled from the user's words: how-might-we, SCAMPER, jobs-to-be-done. */
export function brainstorm(text: string): string {
  const idea = extractIdea(text);
  const who = idea.audience ?? 'users';
  const t = `"${truncate(idea.topic, 80)}"`;
  const pains = idea.pains.length ? idea.pains.map((p) => plainText(p).replace(/[.!?]$/, '')) : [`getting value from ${t} takes too long`];
  const hmw = [
    ...pains.slice(0, 2).map((p) => `How might we help ${who} so that "${truncate(p, 80)}" no longer happens?`),
    `How might we make ${t} valuable for ${who} in their first five minutes?`,
    `How might we let ${who} see measurable progress from ${t} every week?`,
  ];
  const situation = pains[0] ? `When ${truncate(pains[0].charAt(0).toLowerCase() + pains[0].slice(1), 80)}` : `When I work on ${t}`;
  const motivation = idea.goals[0] ? truncate(plainText(idea.goals[0]).replace(/^.*?\b(?:want|need)s?\s+(?:to\s+)?/i, ''), 80) : `handle ${t} without extra effort`;
  return [
    `## Brainstorm: ${truncate(idea.topic, 80)}`,
    '',
    '### How might we…',
    ...hmw.map((h) => `- ${h}`),
    '',
    '### SCAMPER',
    ...SCAMPER.map(([k, q]) => `- **${k}:** ${q.replace('{t}', t)}`),
    '',
    '### Jobs to be done',
    `- ${situation}, I want to ${motivation}, so I can spend my time on the work that matters.`,
    `- When I report results to my team, I want to show concrete numbers from ${t}, so I can justify the investment.`,
    '',
    '### Next steps',
    '- Pick the three ideas with the best impact-to-effort ratio (score each 1–5).',
    `- Talk to five ${who} to check the top pain point before building.`,
  ].join('\n');
}

/** Feedback mode on an idea (not a full document): what is there, and the questions that make it testable. */
export function ideaFeedback(text: string): string {
  const questions = reviewIdea(text);
  const idea = extractIdea(text);
  const parts = [`Feedback on your idea: **${truncate(idea.topic, 100)}**`, ''];
  const strengths: string[] = [];
  if (idea.audience) strengths.push(`a named audience (${idea.audience})`);
  if (idea.pains.length) strengths.push('a concrete pain point');
  if (idea.goals.length) strengths.push('a stated goal');
  parts.push(strengths.length ? `**What works:** it already has ${strengths.join(', ')}.` : '**What works:** the idea is short enough to test quickly.');
  if (questions.length) parts.push('', '**To make it testable, answer:**', ...questions.map((q) => `- ${q}`));
  else parts.push('', 'It names the user, the problem, a measure, a first scope and a risk — turn it into a PRD from the Templates page.');
  return parts.join('\n');
}

/** General mode: practical product-management guidance for the request, in a fixed structure. */
export function generalAnswer(text: string): string {
  const lower = text.toLowerCase();
  const topic = truncate(extractIdea(text).topic, 100);
  if (/\bprd\b|requirements? doc|spec/.test(lower)) {
    return [
      `Here is a PRD outline for **${topic}**:`,
      '',
      ...[
        'Problem — who hurts, how much, evidence',
        'Goals — 2–3 outcomes, each with a number and a date',
        'Target users — primary persona and their context',
        'Requirements — user stories with acceptance criteria, prioritised (must/should/could)',
        'Success metrics — one north-star metric plus guardrails',
        'Non-goals — what this release deliberately leaves out',
        'Risks and open questions — with owners',
      ].map((s, i) => `${i + 1}. ${s}`),
      '',
      'Start one from the Templates page and the guided flow will fill each section with you.',
    ].join('\n');
  }
  if (/user stor|acceptance/.test(lower)) {
    return [
      `A user story for **${topic}**:`,
      '',
      `> As a ${extractIdea(text).audience ?? '<user>'}, I want <action>, so that <benefit>.`,
      '',
      '**Acceptance criteria**',
      '- Given <context>, when <action>, then <observable result>.',
      '- Given <error case>, when <action>, then <clear message>.',
      '',
      'Keep each story small enough to ship in one sprint (INVEST).',
    ].join('\n');
  }
  if (/metric|kpi|measure|okr/.test(lower)) {
    return [
      `Metrics for **${topic}**:`,
      '',
      '- **North star:** the one number that grows when users get value (e.g. weekly active teams completing the core task).',
      '- **Input metrics:** activation rate, time to first value, retention at week 4.',
      '- **Guardrails:** error rate, support tickets, page load p95.',
      '',
      'For each, write the current baseline, the target and the date (e.g. "activation 30% → 45% by end of Q3").',
    ].join('\n');
  }
  if (/priorit|roadmap|backlog|rice|moscow/.test(lower)) {
    return [
      `Prioritising **${topic}**:`,
      '',
      '- **RICE:** Reach × Impact × Confidence ÷ Effort for each item; sort descending.',
      "- **MoSCoW:** must / should / could / won't for this release.",
      '- Check the top three against your goals: anything that moves no goal waits.',
    ].join('\n');
  }
  return [
    `Let's work on **${topic}**. A product manager would pin down:`,
    '',
    '1. **Problem:** who has it, how often, and what it costs them today.',
    '2. **Outcome:** the measurable change you want (a number and a date).',
    '3. **Smallest solution:** the first version that tests the riskiest assumption.',
    '4. **Evidence:** what data or interviews would prove you right or wrong.',
    '',
    'Reply with your answers, or switch to Brainstorm, Persona or Feedback mode for a structured framework.',
  ].join('\n');
}

/** A short thread title from the first user message: its first content words, capitalised. */
export function titleFrom(text: string): string {
  const words = plainText(text)
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const skip = /^(please|can|could|you|help|me|i|hi|hello|hey|would|like|to|want)$/i;
  let start = 0;
  while (start < words.length - 1 && skip.test(words[start]!)) start++;
  const title = words.slice(start, start + 6).join(' ');
  return title ? capitalize(title) : '';
}
