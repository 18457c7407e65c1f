import { AI_DOCUMENT_MAX_CHARS } from '@prd/proto';
import { parseSections } from '../offline/markdown-sections.js';

/**
 * The most a prompt's data blocks (a document, a project's documents) may hold, in tokens, estimated
 * at PROMPT_CHARS_PER_TOKEN characters a token (OpenAI's rule of thumb for English): 50,000 tokens,
 * so any document the AI may write (AI_DOCUMENT_MAX_CHARS) can also be read whole. With the
 * instructions, 20 turns of history and the message it stays inside a 128k-token model window.
 */
export const PROMPT_CHARS_PER_TOKEN = 4;
export const PROMPT_TOKEN_BUDGET = AI_DOCUMENT_MAX_CHARS / PROMPT_CHARS_PER_TOKEN;
export const PROMPT_CHAR_BUDGET = PROMPT_TOKEN_BUDGET * PROMPT_CHARS_PER_TOKEN;

/** Ends every text that was cut to fit the budget, so the model knows it does not see everything. */
export const truncationMarker = (omitted: number) => `\n[… ${omitted} more characters not shown: the prompt's size limit was reached]`;

/** One piece of context: a whole document, or one `## ` section of it. */
interface Piece {
  /** Where the piece came from, e.g. the document's title. */
  source: string;
  text: string;
  order: number;
  score: number;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** How many of the question's distinct words the text contains. */
function relevance(text: string, question: Set<string>): number {
  if (!question.size) return 0;
  const lower = text.toLowerCase();
  let score = 0;
  for (const word of question) if (lower.includes(word)) score++;
  return score;
}

/** Cuts a text to `room` characters, with the marker inside the room. */
function cut(text: string, room: number): string {
  if (text.length <= room) return text;
  const keep = Math.max(0, room - truncationMarker(text.length).length);
  return `${text.slice(0, keep)}${truncationMarker(text.length - keep)}`;
}

export interface BudgetedDocument {
  title: string;
  content: string;
}

/**
 * The project's documents as prompt text within `budget` characters: each document split into its
 * `## ` sections, the sections most relevant to the question first (ties keep the documents' order),
 * and once the budget is reached the next section cut with a marker and the rest left out (counted).
 */
export function budgetDocuments(documents: BudgetedDocument[], question: string, budget = PROMPT_CHAR_BUDGET): string {
  const asked = words(question);
  const pieces: Piece[] = [];
  for (const document of documents) {
    const { preamble, sections } = parseSections(document.content);
    const parts = [preamble, ...sections.map((s) => `## ${s.heading}\n${s.body}`)].filter((p) => p.trim());
    if (!parts.length) parts.push('');
    for (const text of parts) pieces.push({ source: document.title, text, order: pieces.length, score: relevance(`${document.title}\n${text}`, asked) });
  }
  const total = pieces.reduce((sum, p) => sum + p.source.length + p.text.length, 0);
  if (total <= budget) return joinPieces(pieces);
  pieces.sort((a, b) => b.score - a.score || a.order - b.order);
  const chosen: Piece[] = [];
  let room = budget;
  let left = 0;
  for (const piece of pieces) {
    const size = piece.source.length + piece.text.length + 16;
    if (size <= room) {
      chosen.push(piece);
      room -= size;
    } else if (room > 200) {
      chosen.push({ ...piece, text: cut(piece.text, room - piece.source.length - 16) });
      room = 0;
    } else left++;
  }
  const omitted = left ? `\n\n[… ${left} more sections not shown: the prompt's size limit was reached]` : '';
  return `${joinPieces(chosen)}${omitted}`;
}

const joinPieces = (pieces: Piece[]) => pieces.map((p) => `Document: ${p.source}\n${p.text}`).join('\n\n');

/** A single document's text within the budget: its beginning, then the marker. */
export const budgetText = (text: string, budget = PROMPT_CHAR_BUDGET): string => cut(text, budget);
