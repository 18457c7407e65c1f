import { SUGGESTION_PRESETS, type SuggestionPreset } from '@prd/proto';

/** What the offline assistant proposes for a passage: its new text, or none and why (docs/decisions/0041-suggestions.md). */
export interface SuggestedEdit {
  replacement: string | null;
  note: string | null;
}

/** The metric placeholder "Make it measurable" puts where a statement has no number. */
export const METRIC_PLACEHOLDER = '[target: __ % by __]';
/** The sentence "Expand" adds, asking the writer for the detail the passage lacks. */
export const DETAIL_PROMPT = '[Add detail: who is affected, why it matters, and how you will know it worked.]';
export const CANNOT_FOLLOW =
  `The offline assistant follows only the presets (${SUGGESTION_PRESETS.join(', ')}), so I made no change. ` + 'Add an OpenAI API key in Settings for free instructions.';

/** Common misspellings and what they should be (lower case; a capital first letter is kept). */
const MISSPELLINGS: Record<string, string> = {
  teh: 'the',
  recieve: 'receive',
  recieved: 'received',
  seperate: 'separate',
  occured: 'occurred',
  occurence: 'occurrence',
  definately: 'definitely',
  wich: 'which',
  untill: 'until',
  adress: 'address',
  accomodate: 'accommodate',
  acheive: 'achieve',
  beleive: 'believe',
  enviroment: 'environment',
  goverment: 'government',
  neccessary: 'necessary',
  publically: 'publicly',
  refered: 'referred',
  succesful: 'successful',
  sucessful: 'successful',
  tommorow: 'tomorrow',
  wierd: 'weird',
  alot: 'a lot',
  dont: "don't",
  doesnt: "doesn't",
  cant: "can't",
  wont: "won't",
  isnt: "isn't",
  thier: 'their',
  calender: 'calendar',
  existance: 'existence',
  independant: 'independent',
  managment: 'management',
  reccomend: 'recommend',
  recomend: 'recommend',
  requirment: 'requirement',
  requirments: 'requirements',
  useable: 'usable',
  wether: 'whether',
};

/** Wordy phrases and their short form; filler words are dropped. */
const WORDY: [RegExp, string][] = [
  [/\bin order to\b/gi, 'to'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bat this point in time\b/gi, 'now'],
  [/\bin the event that\b/gi, 'if'],
  [/\bfor the purpose of\b/gi, 'for'],
  [/\bhas the ability to\b/gi, 'can'],
  [/\bis able to\b/gi, 'can'],
  [/\ba large number of\b/gi, 'many'],
  [/\bit is important to note that\s*/gi, ''],
  [/\bplease note that\s*/gi, ''],
  [/\bneedless to say,?\s*/gi, ''],
  [/\bas a matter of fact,?\s*/gi, ''],
];
const FILLERS = /\b(?:really|very|just|basically|actually|quite|simply|literally|totally|certainly|definitely|somewhat|rather)\b\s*/gi;

/** A markdown line: its block marker (heading, list item, quote) and its text. */
const LINE = /^(\s*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)?)(.*)$/;
const isHeading = (marker: string) => /^\s*#/.test(marker);
const isListItem = (marker: string) => /^\s*(?:[-*+]|\d+[.)])\s/.test(marker);

/** Runs `edit` on the text of each line outside code fences, with its marker. */
function eachLine(text: string, edit: (body: string, marker: string) => string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(?:```|~~~)/.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced || !line.trim()) return line;
      const [, marker = '', body = ''] = LINE.exec(line)!;
      return marker + edit(body, marker);
    })
    .join('\n');
}

const keepCase = (found: string, fixed: string) => (found[0] === found[0]!.toUpperCase() ? fixed[0]!.toUpperCase() + fixed.slice(1) : fixed);

/** Misspellings of the list, doubled words, spacing around punctuation, and capitals that start sentences. */
function fixLine(body: string): string {
  let text = body.replace(/\b[A-Za-z]+\b/g, (word) => {
    const fixed = MISSPELLINGS[word.toLowerCase()];
    return fixed ? keepCase(word, fixed) : word;
  });
  text = text.replace(/\bi\b(?!\.)/g, 'I');
  text = text.replace(/\b([A-Za-z]+)(\s+)\1\b/gi, (all, word: string, space: string) => (word.toLowerCase() === 'had' ? all : word + (space.includes('\n') ? space : '')));
  text = text
    .replace(/ {2,}/g, ' ')
    .replace(/\s+([,;:!?])/g, '$1')
    .replace(/(\w)\s+\.(?=\s|$)/g, '$1.')
    .replace(/([,;])(?=[A-Za-z])/g, '$1 ')
    .replace(/([a-z][.!?])(?=[A-Z])/g, '$1 ');
  // A sentence starts after . ! ? and a space, but not after an abbreviation such as "e.g." or "etc.".
  text = text.replace(/(^|[.!?]\s+)([a-z])/g, (all, before: string, letter: string, offset: number) =>
    /\b(?:e\.g|i\.e|etc|vs|cf)\.\s+$/i.test(text.slice(0, offset + before.length)) ? all : before + letter.toUpperCase(),
  );
  return text;
}

/** Filler words and wordy phrases out, asides in parentheses dropped, a sentence said twice said once. */
function shortenLine(body: string, marker: string): string {
  if (isHeading(marker)) return body;
  let text = body;
  for (const [phrase, short] of WORDY) text = text.replace(phrase, short);
  text = text.replace(FILLERS, '').replace(/\s*\([^()]*\)/g, '');
  const seen = new Set<string>();
  text = (text.match(/[^.!?]+[.!?]*\s*/g) ?? [text])
    .filter((sentence) => {
      const key = sentence.trim().toLowerCase();
      if (!key || !seen.has(key)) return (seen.add(key), true);
      return false;
    })
    .join('');
  return fixLine(text.trim());
}

/** A metric placeholder at the end of each statement (list item or paragraph) that has no number. */
function measurableLine(body: string, marker: string): string {
  if (isHeading(marker) || /\d/.test(body) || body.includes(METRIC_PLACEHOLDER)) return body;
  const end = /[.!?:;]*$/.exec(body)![0];
  return `${body.slice(0, body.length - end.length)} ${METRIC_PLACEHOLDER}${end}`;
}

/** The detail prompt after the passage's last statement: a new list item after a list, a new sentence after a paragraph. */
function expand(text: string): string {
  const lines = text.split('\n');
  let last = lines.length - 1;
  while (last > 0 && !lines[last]!.trim()) last--;
  const line = lines[last] ?? '';
  const [, marker = ''] = LINE.exec(line)!;
  if (isHeading(marker) || !line.trim()) lines.splice(last + 1, 0, '', DETAIL_PROMPT);
  else if (isListItem(marker)) lines.splice(last + 1, 0, `${marker.replace(/\[[xX]\]/, '[ ]').replace(/\d+/, (n) => String(Number(n) + 1))}${DETAIL_PROMPT}`);
  else lines[last] = `${line.replace(/\s+$/, '')} ${DETAIL_PROMPT}`;
  return lines.join('\n');
}

/** Free instructions the offline assistant recognises as one of its presets. */
const ALIASES: [RegExp, SuggestionPreset][] = [
  [/\b(?:spell|spelling|typos?|grammar|proofread)\b/i, 'Fix spelling and grammar'],
  [/\b(?:shorten|shorter|concise|trim|tighten|cut)\b/i, 'Shorten'],
  [/\b(?:expand|longer|elaborate|more detail)\b/i, 'Expand'],
  [/\b(?:measurable|metrics?|kpis?|quantif)/i, 'Make it measurable'],
  [/\b(?:improve|polish|clean up|rewrite|better)\b/i, 'Improve writing'],
];

export function presetOf(instruction: string): SuggestionPreset | null {
  const exact = SUGGESTION_PRESETS.find((p) => p.toLowerCase() === instruction.trim().toLowerCase());
  return exact ?? ALIASES.find(([pattern]) => pattern.test(instruction))?.[1] ?? null;
}

const NOTHING_TO_CHANGE: Record<SuggestionPreset, string> = {
  'Improve writing': 'I found nothing to improve with my offline rules: no misspelling, filler word or spacing to fix.',
  Shorten: 'I found nothing to cut: no filler words, wordy phrases or repeated sentences.',
  Expand: 'There is nothing to expand in an empty passage.',
  'Make it measurable': 'Every statement here already has a number.',
  'Fix spelling and grammar': 'I found no misspelling, doubled word, spacing or capital to fix.',
};

/**
 * The offline assistant's suggestion for a passage (or a whole document's markdown): the presets applied line by line outside code,
 * deterministic; an instruction it cannot follow gets a note, never a made-up change.
 */
export function suggestEdit(passage: string, instruction: string): SuggestedEdit {
  const preset = presetOf(instruction);
  if (!preset) return { replacement: null, note: CANNOT_FOLLOW };
  let text = passage;
  switch (preset) {
    case 'Fix spelling and grammar':
      text = eachLine(passage, fixLine);
      break;
    case 'Shorten':
      text = eachLine(passage, shortenLine);
      break;
    case 'Improve writing':
      text = eachLine(eachLine(passage, fixLine), shortenLine);
      break;
    case 'Make it measurable':
      text = eachLine(passage, measurableLine);
      break;
    case 'Expand':
      text = passage.trim() ? expand(passage) : passage;
      break;
  }
  return text === passage ? { replacement: null, note: NOTHING_TO_CHANGE[preset] } : { replacement: text, note: null };
}
