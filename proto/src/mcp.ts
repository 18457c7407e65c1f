import { z } from 'zod';
import { createCommentSchema } from './comments.js';
import { createDocumentSchema, updateDocumentSchema } from './documents.js';
import { idNumber } from './params.js';
import { AI_EDIT_MODES, suggestedPassageSchema, suggestionsQuerySchema } from './suggestions.js';

/**
 * The MCP server at `/mcp` (docs/decisions/0015-programmatic-access.md): its tools' inputs, built from
 * the same contracts the HTTP routes validate with, so a tool and its route refuse the same input with
 * the same message.
 */
export const MCP_PATH = '/mcp';
/** The resource template of a document's markdown. */
export const MCP_DOCUMENT_URI = 'prd://documents/{id}';
export const mcpDocumentUri = (id: number) => `prd://documents/${id}`;
/** The 401 of a call to `/mcp` without a personal access token. */
export const MCP_TOKEN_REQUIRED = 'The MCP endpoint needs a personal access token: Authorization: Bearer prd_… (Settings → API tokens)';
/** How many JSON-RPC messages one POST to `/mcp` may batch; each counts against the token's rate limit. */
export const MCP_BATCH_MAX = 20;
export const MCP_BATCH_TOO_LARGE = `An MCP batch may hold at most ${MCP_BATCH_MAX} messages`;
/**
 * How many characters (as JSON) the tool results and resources of one POST may answer together: room
 * for the largest document, not for a batch that reads it twenty times.
 */
export const MCP_ANSWER_MAX_CHARS = 5_000_000;
export const MCP_ANSWER_TOO_LARGE = `This answer would exceed ${MCP_ANSWER_MAX_CHARS} characters: ask for less in one request (fewer calls per batch, a narrower search)`;
/** How many results `search_documents` answers at most, and by default. */
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 10;
/** `search_documents` reads this many characters of each document (title and content together). */
export const SEARCH_INDEXED_CHARS = 250_000;

const documentId = idNumber('Document id must be a number');
const searchText = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(200, `${what} must be at most 200 characters`);

export const getProjectInput = z.object({ id: idNumber('Project id must be a number') });
export const listDocumentsInput = z.object({
  title: searchText('title').optional(),
  /** Only the documents of this workspace (docs/decisions/0037-workspaces.md). */
  workspaceId: idNumber('Workspace id must be a number').optional(),
});
export const getDocumentInput = z.object({ id: documentId });
export const searchDocumentsInput = z.object({
  query: searchText('query').min(1, 'query is required'),
  limit: z
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SEARCH_LIMIT_MAX, `limit must be at most ${SEARCH_LIMIT_MAX}`)
    .optional(),
});
export const createDocumentInput = createDocumentSchema;
export const updateDocumentInput = updateDocumentSchema.safeExtend({
  id: documentId,
  expectedVersion: z
    .number({ error: 'expectedVersion must be a number' })
    .int('expectedVersion must be a whole number')
    .positive('expectedVersion must be a positive number')
    .optional()
    .describe('The version get_document returned: the update is refused if the document changed since.'),
  mode: z
    .enum(AI_EDIT_MODES, { error: `mode must be one of ${AI_EDIT_MODES.join(', ')}` })
    .optional()
    .describe('apply (the default) changes the document; suggest proposes each changed passage as a suggestion for a person to accept or reject.'),
});
/** `suggest_edit`: one proposed change of a passage, for a person to review (docs/decisions/0041-suggestions.md). */
export const suggestEditInput = z.object({
  documentId,
  quote: suggestedPassageSchema.shape.quote,
  replacement: suggestedPassageSchema.shape.replacement,
  note: suggestedPassageSchema.shape.note,
});
export const listSuggestionsInput = suggestionsQuerySchema.safeExtend({ documentId });
export const addCommentInput = createCommentSchema.safeExtend({ documentId });

/** One hit of `search_documents`, best first. */
export const searchHitSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  projectId: z.number().int().nullable(),
  updatedAt: z.string(),
  /** Where the words were found, the matches between « and ». */
  snippet: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
