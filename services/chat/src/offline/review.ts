import { parseSections, plainText, wordCount, type SectionedDocument } from './markdown-sections.js';

/** One finding of the PRD rubric, with what to do about it. */
export interface Finding {
  kind: 'missing-section' | 'unmeasured-goal' | 'vague-word' | 'story-without-criteria' | 'thin-section';
  message: string;
}

/** The sections a complete PRD has, each recognised by any of its aliases. */
export const STANDARD_SECTIONS: { name: string; aliases: RegExp; why: string }[] = [
  { name: 'Problem', aliases: /problem|background|context|opportunity|why/, why: 'without it nobody can judge whether the solution fits' },
  { name: 'Goals', aliases: /goal|objective|outcome/, why: 'the team needs to know what success changes' },
  { name: 'Target users', aliases: /user|persona|audience|customer|stakeholder/, why: 'every decision depends on who it is for' },
  { name: 'Requirements', aliases: /requirement|feature|scope|solution|functional|capabilit|user stor/, why: 'engineering needs to know what to build' },
  { name: 'Success metrics', aliases: /metric|kpi|success|measure/, why: 'you cannot tell whether the launch worked' },
  { name: 'Non-goals', aliases: /non.?goal|out of scope|not in scope|exclusion/, why: 'unstated limits turn into scope creep' },
  { name: 'Risks', aliases: /risk|assumption|dependenc|concern|mitigation/, why: 'unknowns surface late and expensively' },
];

/** Words that promise a quality without a number to check it against. */
export const VAGUE_WORDS = [
  'fast',
  'faster',
  'slow',
  'quick',
  'quickly',
  'easy',
  'easily',
  'simple',
  'intuitive',
  'user-friendly',
  'seamless',
  'seamlessly',
  'scalable',
  'robust',
  'efficient',
  'better',
  'improved',
  'improve',
  'soon',
  'many',
  'several',
  'flexible',
  'modern',
  'powerful',
  'high performance',
  'low latency',
  'secure',
  'reliable',
  'responsive',
  'lots',
  'significant',
  'significantly',
];

const HAS_NUMBER = /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|fifty|hundred|thousand|million|half|double|twice)\b/i;

function sentences(text: string): string[] {
  return plainText(text)
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function sectionMatching(doc: SectionedDocument, aliases: RegExp) {
  return doc.sections.find((s) => aliases.test(s.heading.toLowerCase()));
}

/** Applies the rubric: missing sections, unmeasured goals, vague words, stories without criteria, thin sections. */
export function reviewDocument(markdown: string): Finding[] {
  const doc = parseSections(markdown);
  const findings: Finding[] = [];
  for (const standard of STANDARD_SECTIONS) {
    if (!sectionMatching(doc, standard.aliases)) {
      findings.push({ kind: 'missing-section', message: `Add a **${standard.name}** section: ${standard.why}.` });
    }
  }
  const goals = sectionMatching(doc, /goal|objective|outcome/);
  if (goals && !/non.?goal/i.test(goals.heading)) {
    for (const line of goals.body
      .split('\n')
      .map((l) => plainText(l))
      .filter((l) => wordCount(l) >= 2)) {
      if (!HAS_NUMBER.test(line))
        findings.push({ kind: 'unmeasured-goal', message: `Goal "${line}" has no measure: add a target number and a date (e.g. "from 30% to 45% by Q3").` });
    }
  }
  const seen = new Set<string>();
  for (const sentence of sentences(markdown)) {
    if (HAS_NUMBER.test(sentence)) continue;
    for (const word of VAGUE_WORDS) {
      if (seen.has(word)) continue;
      if (new RegExp(`(^|[^\\p{L}-])${word}([^\\p{L}-]|$)`, 'iu').test(sentence)) {
        seen.add(word);
        findings.push({
          kind: 'vague-word',
          message: `"${word}" in "${truncate(sentence, 90)}" cannot be tested: say how ${word} in numbers (e.g. "under 2 seconds", "in 3 clicks").`,
        });
      }
    }
  }
  const storyLines = markdown.split('\n').filter((l) => /\bas an? [^,]+,? i (?:want|need|can)/i.test(l));
  const hasCriteria = /acceptance criteria|\bgiven\b[^\n]*\bwhen\b|\bthen\b[^\n]*\bshould\b|definition of done/i.test(markdown);
  if (storyLines.length && !hasCriteria) {
    findings.push({
      kind: 'story-without-criteria',
      message: `${storyLines.length} user ${storyLines.length === 1 ? 'story has' : 'stories have'} no acceptance criteria: add "Given … when … then …" checks under each.`,
    });
  }
  for (const section of doc.sections) {
    if (section.body && wordCount(section.body) < 4 && !/non.?goal/i.test(section.heading)) {
      findings.push({ kind: 'thin-section', message: `The **${section.heading}** section is only a few words: expand it so a new team member could act on it.` });
    }
  }
  return findings;
}

/** Findings about an idea given in a few sentences rather than a document. */
export function reviewIdea(text: string): string[] {
  const lower = text.toLowerCase();
  const questions: string[] = [];
  if (!/\b(for|users?|customers?|teams?|people|who)\b/.test(lower)) questions.push('**Who** exactly has this problem? Name one specific user group.');
  if (!/\b(because|problem|pain|struggl|frustrat|hard|can't|cannot|today|currently)\w*/.test(lower))
    questions.push('**What problem** does it solve, and what do people do today instead?');
  if (!HAS_NUMBER.test(lower)) questions.push('**How will you measure** success? Pick one metric with a target number.');
  if (!/\b(first|mvp|v1|scope|only|not|without)\b/.test(lower)) questions.push('**What is the smallest first version**, and what is explicitly out of scope?');
  if (!/\b(risk|assum|depend|competit|alternative)\w*/.test(lower))
    questions.push('**What must be true** for this to work (riskiest assumption), and how will you test it cheaply?');
  return questions;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The rubric's verdict as a markdown reply. */
export function formatReview(markdown: string, findings: Finding[] = reviewDocument(markdown)): string {
  const doc = parseSections(markdown);
  if (!findings.length) {
    return [
      `I reviewed the document's ${doc.sections.length} sections against the PRD rubric and found nothing to fix:`,
      'every standard section is present, goals carry measures, wording is testable and stories have acceptance criteria.',
      '',
      'Next step: share it with engineering and design for a review of feasibility and open questions.',
    ].join('\n');
  }
  const order: Finding['kind'][] = ['missing-section', 'unmeasured-goal', 'story-without-criteria', 'vague-word', 'thin-section'];
  const titles: Record<Finding['kind'], string> = {
    'missing-section': 'Missing sections',
    'unmeasured-goal': 'Goals without a measure',
    'story-without-criteria': 'User stories without acceptance criteria',
    'vague-word': 'Vague wording',
    'thin-section': 'Thin sections',
  };
  const parts = [`I reviewed the document against the PRD rubric and found ${findings.length} thing${findings.length === 1 ? '' : 's'} to fix:`];
  for (const kind of order) {
    const of = findings.filter((f) => f.kind === kind);
    if (of.length) parts.push('', `**${titles[kind]}**`, ...of.slice(0, 8).map((f) => `- ${f.message}`));
  }
  const present = doc.sections.filter((s) => wordCount(s.body) >= 4).map((s) => s.heading);
  if (present.length) parts.push('', `**What is already solid:** ${present.slice(0, 6).join(', ')}.`);
  return parts.join('\n');
}
