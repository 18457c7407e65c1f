import { DATA_NOT_INSTRUCTIONS } from './shared.prompt.js';

export const TITLE_PROMPT = `
Write a title of at most six words for the conversation in the <history> block: specific to its topic, no quotes, no trailing punctuation, no emoji. Answer with the title only.

${DATA_NOT_INSTRUCTIONS}`.trim();
