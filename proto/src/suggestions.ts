import { z } from 'zod';
import { ownerSchema } from './sharing.js';
import { idNumber, idString } from './params.js';
import { QUOTE_CONTEXT_MAX } from './text-quote.js';

/**
 * Suggestions (docs/decisions/0041-suggestions.md): a proposed replacement of one passage of a document, by the AI, a person or a
 * token, that the owner or an editor accepts (it is applied and recorded as a revision) or rejects.
 */
export const SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected', 'outdated'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
export const SUGGESTION_AUTHOR_KINDS = ['ai', 'user', 'token'] as const;

/**
 * The longest passage a suggestion replaces and the longest text it puts there: paragraphs and sections, wider than a comment's
 * quote (QUOTE_MAX), still bounded so locating it stays cheap.
 */
export const SUGGESTION_TEXT_MAX = 20_000;
export const SUGGESTION_NOTE_MAX = 2_000;
export const SUGGESTION_INSTRUCTION_MAX = 2_000;
/** How many passages one AI answer, chat edit or MCP update may turn into suggestions. */
export const SUGGESTIONS_PER_EDIT_MAX = 50;

/** The instructions "Ask AI" offers; any other text is a free instruction. */
export const SUGGESTION_PRESETS = ['Improve writing', 'Shorten', 'Expand', 'Make it measurable', 'Fix spelling and grammar'] as const;
export type SuggestionPreset = (typeof SUGGESTION_PRESETS)[number];

export const SUGGESTION_NOT_FOUND = 'Suggestion not found';
export const SUGGESTION_OUTDATED_MESSAGE = 'This suggestion is outdated: the passage it changes is no longer in the document, so it can only be rejected';
export const suggestionDecidedMessage = (status: 'accepted' | 'rejected') => `This suggestion was already ${status}`;
export const TOO_MANY_PASSAGES = `An edit may suggest at most ${SUGGESTIONS_PER_EDIT_MAX} changed passages: change less at once`;
/** The reply of a document chat in suggest mode, instead of the editor's "I've updated your document…". */
export const SUGGESTED_CHANGES_NOTE = "I've suggested changes — review them in the document.";

const BODY_OBJECT = { error: 'The request body must be a JSON object' };

/**
 * The passage a suggestion replaces, as a comment's text quote (`exact` with some `prefix` and `suffix`); an empty `exact` is an
 * insertion point between `prefix` and `suffix`, at least one of which is then given.
 */
export const suggestionQuoteSchema = z
  .object({
    exact: z.string({ error: 'quote.exact must be text' }).max(SUGGESTION_TEXT_MAX, `quote.exact must be at most ${SUGGESTION_TEXT_MAX} characters`).default(''),
    prefix: z.string({ error: 'quote.prefix must be text' }).max(QUOTE_CONTEXT_MAX, `quote.prefix must be at most ${QUOTE_CONTEXT_MAX} characters`).default(''),
    suffix: z.string({ error: 'quote.suffix must be text' }).max(QUOTE_CONTEXT_MAX, `quote.suffix must be at most ${QUOTE_CONTEXT_MAX} characters`).default(''),
  })
  .refine((q) => q.exact !== '' || q.prefix !== '' || q.suffix !== '', 'An insertion point (empty quote.exact) needs quote.prefix or quote.suffix');
export type SuggestionQuote = z.infer<typeof suggestionQuoteSchema>;

const replacementField = z.string({ error: 'replacement must be text' }).max(SUGGESTION_TEXT_MAX, `replacement must be at most ${SUGGESTION_TEXT_MAX} characters`);
const noteField = z.string({ error: 'note must be text' }).trim().max(SUGGESTION_NOTE_MAX, `note must be at most ${SUGGESTION_NOTE_MAX} characters`);

/** One proposed change: the passage and what replaces it (markdown), optionally why. Replacing a passage with itself proposes nothing. */
export const suggestedPassageSchema = z
  .object({ quote: suggestionQuoteSchema, replacement: replacementField, note: noteField.optional() })
  .refine((p) => p.replacement !== p.quote.exact, 'The replacement is the same as the quoted text: nothing to suggest');
export type SuggestedPassage = z.infer<typeof suggestedPassageSchema>;

/** Who proposed it: the AI (for `requestedBy`), a person, or a token (its name, for its owner). */
export const suggestionAuthorSchema = z.object({
  kind: z.enum(SUGGESTION_AUTHOR_KINDS),
  /** What to show: "AI", the person's name, the token's name. */
  name: z.string(),
  /** The person, the token's owner, or who asked the AI. */
  userId: z.number().int(),
  /** The AI's: who asked, by name. */
  requestedBy: ownerSchema.nullable(),
});
export type SuggestionAuthor = z.infer<typeof suggestionAuthorSchema>;

export const suggestionSchema = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  /** `outdated`: still undecided, but its passage is gone from the document (it can only be rejected). */
  status: z.enum(SUGGESTION_STATUSES),
  author: suggestionAuthorSchema,
  quote: z.object({ exact: z.string(), prefix: z.string(), suffix: z.string() }),
  replacement: z.string(),
  note: z.string().nullable(),
  /** Where the passage is in the current markdown (pending ones; start = end for an insertion point), null otherwise. */
  position: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: ownerSchema.nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type SuggestionList = z.infer<typeof suggestionListSchema>;
export const suggestionAnswerSchema = z.object({ suggestion: suggestionSchema });

/** `GET /api/documents/:id/suggestions?status=`. */
export const suggestionsQuerySchema = z.object({
  status: z.enum(SUGGESTION_STATUSES, { error: `status must be one of ${SUGGESTION_STATUSES.join(', ')}` }).optional(),
});
export type SuggestionsQuery = z.infer<typeof suggestionsQuerySchema>;
export const suggestionParamsSchema = z.object({
  id: idString('Document id must be a number'),
  suggestionId: idString('Suggestion id must be a number'),
});

/** `POST /api/documents/:id/suggestions` (chat): ask the AI for a suggestion on the quoted passage, or on the whole document without `quote`. */
export const askSuggestionSchema = z.object(
  {
    instruction: z
      .string({ error: 'instruction is required' })
      .trim()
      .min(1, 'instruction is required')
      .max(SUGGESTION_INSTRUCTION_MAX, `instruction must be at most ${SUGGESTION_INSTRUCTION_MAX} characters`),
    quote: suggestionQuoteSchema.optional(),
  },
  BODY_OBJECT,
);
export type AskSuggestion = z.infer<typeof askSuggestionSchema>;
/**
 * Its answer: the suggestions stored (one for a quote; one per changed passage for the whole document), `suggestion` the first of
 * them, and `note` when the AI made none and says why (an instruction the offline assistant cannot follow, nothing to change).
 */
export const askSuggestionAnswerSchema = z.object({ suggestion: suggestionSchema.nullable(), suggestions: z.array(suggestionSchema), note: z.string().nullable() });
export type AskSuggestionAnswer = z.infer<typeof askSuggestionAnswerSchema>;

/**
 * `POST /api/documents/:id/suggestions/proposals` (content): a person's own suggestions, the changes typed in suggesting mode, one per
 * changed passage; every quote must be in the current text.
 */
export const proposeSuggestionsSchema = z.object(
  {
    suggestions: z
      .array(suggestedPassageSchema, { error: 'suggestions must be a list of { quote, replacement, note? }' })
      .min(1, 'suggestions must hold at least one change')
      .max(SUGGESTIONS_PER_EDIT_MAX, TOO_MANY_PASSAGES),
  },
  BODY_OBJECT,
);
export type ProposeSuggestions = z.infer<typeof proposeSuggestionsSchema>;
export const proposedSuggestionsAnswerSchema = z.object({ suggestions: z.array(suggestionSchema) });
/** Proposals (requests, of up to SUGGESTIONS_PER_EDIT_MAX passages each) one person may send per minute (SUGGESTION_PROPOSALS_PER_MINUTE). */
export const SUGGESTION_PROPOSALS_PER_MINUTE = 20;
export const SUGGESTIONS_RATE_LIMITED = 'Too many suggestions.';
/** 409 SUGGESTION_QUOTE_NOT_FOUND: a proposed passage is not in the document (any more). */
export const suggestionQuoteNotFoundMessage = (index: number, count: number) =>
  `The quoted text${count > 1 ? ` of suggestion ${index + 1}` : ''} is not in the document any more: it changed meanwhile, so suggest again on the current text`;

/** The document chat's choice for AI edits, per user and document: apply them (the default) or suggest them for review. */
export const AI_EDIT_MODES = ['apply', 'suggest'] as const;
export type AiEditMode = (typeof AI_EDIT_MODES)[number];
export const aiEditPreferenceSchema = z.object({ mode: z.enum(AI_EDIT_MODES, { error: `mode must be one of ${AI_EDIT_MODES.join(', ')}` }) }, BODY_OBJECT);
export type AiEditPreference = z.infer<typeof aiEditPreferenceSchema>;

/** `POST /internal/documents/:id/suggestions` (chat's worker): the AI's suggestions, for the user who asked (commenter and up). */
export const internalCreateSuggestionsSchema = z.object(
  {
    userId: idNumber('userId must be a user id'),
    /** The AI job's id: a retried job finds the suggestions it stored already instead of storing them twice. */
    requestKey: z.string().min(1).max(200),
    passages: z.array(suggestedPassageSchema).min(1).max(SUGGESTIONS_PER_EDIT_MAX, TOO_MANY_PASSAGES),
  },
  BODY_OBJECT,
);
export type InternalCreateSuggestions = z.infer<typeof internalCreateSuggestionsSchema>;

/**
 * The Hocuspocus stateless message every open editor of a document receives when its suggestions change (one was made, accepted
 * or rejected): the browser then refetches `GET /api/documents/:id/suggestions`.
 */
export const suggestionsChangedMessageSchema = z.object({ type: z.literal('suggestions'), documentId: z.number().int() });
export type SuggestionsChangedMessage = z.infer<typeof suggestionsChangedMessageSchema>;
export const suggestionsChangedMessage = (documentId: number): string => JSON.stringify({ type: 'suggestions', documentId } satisfies SuggestionsChangedMessage);
